"""Training loop with named callbacks."""
from __future__ import annotations

import math

import torch
from torch.utils.data import DataLoader

from .callbacks import CALLBACKS
from .config import TrainConfig
from .data import CycleDataset, build_train_loader, make_collate
from .normalize import RegimeNormalizer


class Trainer:
    def __init__(self, cfg: TrainConfig, model: torch.nn.Module, train_ds: CycleDataset,
                 val_ds: CycleDataset, normalizer: RegimeNormalizer):
        self.cfg = cfg
        self.device = torch.device(cfg.device)
        self.model = model.to(self.device)
        self.val_ds = val_ds
        self.normalizer = normalizer
        self.collate = make_collate(cfg.data)
        self.train_loader = build_train_loader(train_ds, cfg.data)
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
        self.callbacks = [CALLBACKS[name]() for name in cfg.callbacks]
        self.global_step = 0
        self.epoch = 0
        self.history: list[dict] = []

    def log(self, record: dict) -> None:
        self.history.append({"step": self.global_step, **record})

    def _emit(self, hook: str, *args) -> None:
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def fit(self) -> None:
        self._emit("on_fit_start")
        for self.epoch in range(self.cfg.optim.epochs):
            self.model.train()
            for batch in self.train_loader:
                loss = self.training_step(batch)
                self._emit("on_batch_end", batch, loss)
                self.global_step += 1
            metrics = self.validate()
            self.log(metrics)
            self._emit("on_validation_end", metrics)
        self._emit("on_fit_end")

    def _to_device(self, batch: dict) -> dict:
        return {k: v.to(self.device, non_blocking=True) for k, v in batch.items()}

    def training_step(self, batch: dict) -> torch.Tensor:
        batch = self._to_device(batch)
        x = self.normalizer(batch["x"], batch["settings"])
        pred = self.model(x, batch["settings"])
        loss = torch.nn.functional.mse_loss(pred, batch["rul"])
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self._emit("on_after_backward")
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.optim.clip)
        self.opt.step()
        batch["x"] = x
        return loss.detach()

    @torch.no_grad()
    def validate(self) -> dict:
        self.model.eval()
        loader = DataLoader(
            self.val_ds,
            batch_size=self.cfg.data.batch_size,
            shuffle=False,
            num_workers=2,
            collate_fn=self.collate,
            pin_memory=True,
        )
        se, n = 0.0, 0
        for batch in loader:
            batch = self._to_device(batch)
            x = self.normalizer(batch["x"], batch["settings"])
            pred = self.model(x, batch["settings"])
            se += float(((pred - batch["rul"]) ** 2).sum())
            n += pred.numel()
        return {"val/rmse": math.sqrt(se / max(n, 1))}
