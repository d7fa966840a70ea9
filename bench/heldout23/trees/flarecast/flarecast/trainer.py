from __future__ import annotations

import argparse
import logging

import numpy as np
import torch
import torch.nn.functional as F

from .callbacks import Callback, build_callbacks
from .config import TrainConfig
from .loaders import build_eval_loader, build_train_loader
from .model import FlareNet
from .offload import offload_activations

log = logging.getLogger(__name__)


class Trainer:
    def __init__(self, cfg: TrainConfig, model: torch.nn.Module, callbacks: list[Callback], device: str = "cuda"):
        self.cfg = cfg
        self.model = model.to(device)
        self.device = device
        self.callbacks = callbacks
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.lr, weight_decay=1e-2)
        self.global_step = 0
        self.epoch = 0
        self.pos_weight = torch.tensor(8.0, device=device)

    def _emit(self, hook: str, *args) -> None:
        for cb in self.callbacks:
            getattr(cb, hook)(self, self.model, *args)

    def training_step(self, batch: dict) -> torch.Tensor:
        x = batch["x"].to(self.device, non_blocking=True)
        y = batch["y"].to(self.device, non_blocking=True)
        with offload_activations(self.cfg.offload_min_numel):
            logits = self.model(x)
            return F.binary_cross_entropy_with_logits(logits, y, pos_weight=self.pos_weight)

    def fit(self) -> None:
        train_loader = build_train_loader(self.cfg)
        self._emit("on_fit_start")
        for self.epoch in range(self.cfg.epochs):
            self.model.train()
            for batch in train_loader:
                loss = self.training_step(batch)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self._emit("on_after_backward")
                self.opt.step()
                self.global_step += 1
                self._emit("on_train_batch_end", float(loss))
            self._emit("on_train_epoch_end")
            if (self.epoch + 1) % self.cfg.val_every == 0:
                self.validate()

    @torch.no_grad()
    def validate(self) -> None:
        self.model.eval()
        scores, labels = [], []
        for batch in build_eval_loader(self.cfg, "val"):
            logits = self.model(batch["x"].to(self.device, non_blocking=True))
            scores.append(torch.sigmoid(logits).cpu().numpy())
            labels.append(batch["y"].numpy())
        self._emit("on_validation_end", np.concatenate(scores), np.concatenate(labels))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("config")
    ap.add_argument("--out", default="flarecast.pt")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = TrainConfig.from_yaml(args.config)
    trainer = Trainer(cfg, FlareNet(), build_callbacks(cfg.callbacks))
    trainer.fit()
    torch.save(trainer.model.state_dict(), args.out)
