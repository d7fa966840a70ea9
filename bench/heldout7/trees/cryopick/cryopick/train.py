import argparse

import torch
from torch import nn

from .callbacks import CheckpointCallback, EmaCallback, ScoreMapDumper, ValidationCallback
from .config import load_config
from .data.loaders import make_train_loader
from .models import MODELS


class Trainer:
    def __init__(self, model, loss_fn, optimizer, callbacks, device="cuda"):
        self.model = model.to(device)
        self.loss_fn = loss_fn
        self.optimizer = optimizer
        self.callbacks = callbacks
        self.device = device

    def _emit(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def fit(self, loader, epochs):
        self._emit("on_fit_start")
        for epoch in range(epochs):
            for batch_idx, (images, targets) in enumerate(loader):
                images = images.to(self.device, non_blocking=True)
                targets = targets.to(self.device, non_blocking=True)
                logits = self.model(images)
                loss = self.loss_fn(logits, targets)
                self.optimizer.zero_grad(set_to_none=True)
                loss.backward()
                self.optimizer.step()
                self._emit("on_batch_end", batch_idx, logits)
            self._emit("on_epoch_end", epoch)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/picker.yaml")
    ap.add_argument("--model", default="unet")
    ap.add_argument("--out", default="runs/picker")
    args = ap.parse_args(argv)
    cfg = load_config(args.config)
    model = MODELS[args.model](cfg.channels)
    pos_weight = torch.tensor([50.0])
    trainer = Trainer(
        model,
        nn.BCEWithLogitsLoss(pos_weight=pos_weight.cuda()),
        torch.optim.AdamW(model.parameters(), lr=cfg.train.lr),
        [EmaCallback(cfg.train.ema_decay), ScoreMapDumper(every=10),
         ValidationCallback(cfg), CheckpointCallback(args.out)],
    )
    loader = make_train_loader(cfg)
    trainer.fit(loader, cfg.train.epochs)


if __name__ == "__main__":
    main()
