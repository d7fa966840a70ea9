import argparse

import torch

from ..config import load
from ..data.sensors import make_loaders
from ..models.dcrnn import attach_input_probe
from .callbacks import AdjacencyCallback, LossHistory
from .module import ForecastModule


class Trainer:
    def __init__(self, callbacks, device="cuda", max_epochs=100, clip=5.0):
        self.callbacks = callbacks
        self.device = device
        self.max_epochs = max_epochs
        self.clip = clip

    def fit(self, module, train_loader, val_loader):
        module.model.to(self.device)
        opt = module.configure_optimizers()
        for cb in self.callbacks:
            cb.on_fit_start(self, module)
        for epoch in range(self.max_epochs):
            module.model.train()
            for batch in train_loader:
                loss = module.training_step(batch, self.device)
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(module.model.parameters(), self.clip)
                opt.step()
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, module, loss)
            module.model.eval()
            score = sum(module.validation_step(b, self.device) for b in val_loader) / max(len(val_loader), 1)
            for cb in self.callbacks:
                cb.on_validation_end(self, module, score)


def evaluate_horizons(module, loader, device, horizons=(3, 6, 12)):
    module.model.eval()
    maes = {}
    with torch.no_grad():
        x, y = next(iter(loader))
        pred = module.model(x.to(device), torch.zeros(x.shape[:2], device=device))
        for h in horizons:
            host = pred[:, h - 1].cpu().pin_memory()
            maes[h] = float((host - y[:, h - 1]).abs().mean())
    return maes


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/metr_la.yaml")
    ap.add_argument("--debug-probe", action="store_true")
    args = ap.parse_args(argv)
    cfg = load(args.config)
    train_loader, val_loader, _ = make_loaders(cfg)
    module = ForecastModule(cfg, n_nodes=train_loader.dataset.values.shape[1])
    probes = []
    if args.debug_probe:
        attach_input_probe(module.model, probes)
    trainer = Trainer([AdjacencyCallback(cfg.data.adjacency), LossHistory()], max_epochs=cfg.train.epochs)
    trainer.fit(module, train_loader, val_loader)
    print(evaluate_horizons(module, val_loader, trainer.device))


if __name__ == "__main__":
    main()
