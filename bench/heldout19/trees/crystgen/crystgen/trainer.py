from __future__ import annotations

import logging

import torch

from .config import TrainConfig
from .loaders import make_eval_loader, make_train_loader

log = logging.getLogger(__name__)


def _to(batch: dict, device: str) -> dict:
    return {k: v.to(device, non_blocking=True) for k, v in batch.items()}


class Trainer:
    def __init__(self, model: torch.nn.Module, cfg: TrainConfig, callbacks=()):
        self.cfg = cfg
        self.model = model.to(cfg.device)
        self.callbacks = list(callbacks)
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        self.train_loader = make_train_loader(cfg)
        self.epoch = 0
        self.global_step = 0

    def _emit(self, hook: str, *args) -> None:
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def training_step(self, batch: dict) -> torch.Tensor:
        raise NotImplementedError

    def eval_loss(self, batch: dict) -> torch.Tensor:
        raise NotImplementedError

    @torch.no_grad()
    def validate(self) -> float:
        loader = make_eval_loader(self.cfg)
        self.model.eval()
        total, count = 0.0, 0
        for batch in loader:
            batch = _to(batch, self.cfg.device)
            b = batch["lattice"].shape[0]
            total += self.eval_loss(batch).item() * b
            count += b
        self.model.train()
        return total / max(count, 1)

    def fit(self) -> None:
        self._emit("on_fit_start")
        for epoch in range(self.cfg.epochs):
            self.epoch = epoch
            self.model.train()
            for batch in self.train_loader:
                loss = self.training_step(_to(batch, self.cfg.device))
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.opt.step()
                self.global_step += 1
                self._emit("on_batch_end", loss.detach())
            val = self.validate()
            log.info("epoch %d: val loss %.4f", epoch, val)
            self._emit("on_epoch_end", val)
        self._emit("on_fit_end")


class DiffusionTrainer(Trainer):
    def training_step(self, batch: dict) -> torch.Tensor:
        t = torch.rand(batch["lattice"].shape[0], device=self.cfg.device)
        return self.model.loss(batch, t)

    def eval_loss(self, batch: dict) -> torch.Tensor:
        t = torch.full((batch["lattice"].shape[0],), 0.5, device=self.cfg.device)
        return self.model.loss(batch, t)
