"""Trainer callbacks."""
from __future__ import annotations

import logging

import torch
from torch.utils.data import DataLoader

from .data import collate_notes

log = logging.getLogger(__name__)


class Callback:
    def on_fit_start(self, trainer, module) -> None:
        pass

    def on_epoch_end(self, trainer, module, epoch: int) -> None:
        pass


class SpanF1Eval(Callback):
    """Token-level F1 on the dev set after every epoch."""

    def __init__(self, val_ds, batch_size: int = 32, workers: int = 2):
        self.val_ds = val_ds
        self.batch_size = batch_size
        self.workers = workers
        self.history: list[float] = []

    @torch.no_grad()
    def on_epoch_end(self, trainer, module, epoch):
        loader = DataLoader(self.val_ds, batch_size=self.batch_size, collate_fn=collate_notes,
                            num_workers=self.workers, pin_memory=True)
        tp = fp = fn = 0
        module.model.eval()
        for batch in loader:
            ids = batch["input_ids"].to(trainer.device, non_blocking=True)
            em = module.model(ids, batch["attention_mask"].to(trainer.device))
            pred = torch.ops.pii.viterbi_decode(em, module.model.transitions, batch["attention_mask"].sum(1)).to(trainer.device)
            gold = batch["tags"].to(trainer.device)
            valid = gold >= 0
            tp += int(((pred == gold) & (gold > 0) & valid).sum())
            fp += int(((pred != gold) & (pred > 0) & valid).sum())
            fn += int(((pred != gold) & (gold > 0) & valid).sum())
        module.model.train()
        f1 = 2 * tp / max(2 * tp + fp + fn, 1)
        self.history.append(f1)
        log.info("epoch %d: dev token F1 %.4f", epoch, f1)


class Checkpoint(Callback):
    def __init__(self, path: str):
        self.path = path
        self.best = -1.0

    def on_epoch_end(self, trainer, module, epoch):
        f1 = next((c.history[-1] for c in trainer.callbacks if isinstance(c, SpanF1Eval) and c.history), 0.0)
        if f1 > self.best:
            self.best = f1
            torch.save({"encoder": module.encoder_name, "state_dict": module.model.state_dict()}, self.path)
