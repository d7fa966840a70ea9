from __future__ import annotations

import logging
import math
from pathlib import Path

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .callbacks import Callback
from .config import TrainConfig
from .data import ReactionDataset, collate_reactions

log = logging.getLogger(__name__)


class Trainer:
    def __init__(self, cfg: TrainConfig, model: torch.nn.Module, callbacks: list[Callback]):
        self.cfg = cfg
        self.model = model
        self.callbacks = callbacks
        self.should_stop = False
        self.train_set = ReactionDataset(cfg.train_path)
        self.val_set = ReactionDataset(cfg.val_path)
        self.train_loader = DataLoader(
            self.train_set,
            batch_size=cfg.batch_size,
            shuffle=True,
            num_workers=cfg.workers,
            collate_fn=collate_reactions,
            pin_memory=True,
            persistent_workers=cfg.workers > 0,
            drop_last=True,
        )
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=1e-4)
        steps = cfg.epochs * len(self.train_loader)
        self.sched = torch.optim.lr_scheduler.OneCycleLR(self.opt, max_lr=cfg.lr, total_steps=steps)
        Path(cfg.out_dir).mkdir(parents=True, exist_ok=True)

    def training_step(self, batch) -> float:
        packed, n, n_reactants, targets = batch
        logits = self.model(packed, n, n_reactants)
        loss = F.cross_entropy(logits, targets.to(logits.device, non_blocking=True))
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 5.0)
        self.opt.step()
        self.sched.step()
        return float(loss)

    @torch.no_grad()
    def validate(self, epoch: int) -> dict:
        self.model.eval()
        loader = DataLoader(
            self.val_set,
            batch_size=self.cfg.batch_size * 2,
            shuffle=False,
            num_workers=2,
            collate_fn=collate_reactions,
            pin_memory=True,
        )
        hits = {1: 0, 10: 0, 50: 0}
        total = 0
        for packed, n, n_reactants, targets in loader:
            logits = self.model(packed, n, n_reactants)
            top = logits.topk(50, dim=1).indices.cpu()
            for k in hits:
                hits[k] += int((top[:, :k] == targets[:, None]).any(1).sum())
            total += n
        self.model.train()
        metrics = {f"top{k}": v / max(1, total) for k, v in hits.items()}
        log.info("epoch %d: %s", epoch, " ".join(f"{k}={v:.4f}" for k, v in metrics.items()))
        return metrics

    def fit(self) -> None:
        for cb in self.callbacks:
            cb.on_fit_start(self)
        self.model.train()
        for epoch in range(self.cfg.epochs):
            running = 0.0
            for i, batch in enumerate(self.train_loader):
                loss = self.training_step(batch)
                running += loss
                if not math.isfinite(loss):
                    raise FloatingPointError(f"loss is {loss} at epoch {epoch} batch {i}")
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, loss)
            metrics = self.validate(epoch)
            metrics["train_loss"] = running / max(1, len(self.train_loader))
            for cb in self.callbacks:
                cb.on_validation_end(self, epoch, metrics)
            if self.should_stop:
                log.info("early stop after epoch %d", epoch)
                break
        for cb in self.callbacks:
            cb.on_fit_end(self)
