"""A small trainer: epochs of batches, callbacks after every batch and epoch."""
from __future__ import annotations

import logging

import torch

log = logging.getLogger(__name__)

SCALE = 361.0  # eval units per pawn, for the sigmoid


def wdl_loss(pred: torch.Tensor, score: torch.Tensor, outcome: torch.Tensor, lam: float) -> torch.Tensor:
    q = torch.sigmoid(pred / SCALE)
    t = lam * torch.sigmoid(score / SCALE) + (1 - lam) * outcome
    return (q - t).abs().pow(2.6).mean()


class Trainer:
    def __init__(self, model, opt, sched, lam: float, callbacks=(), device="cuda"):
        self.model = model
        self.opt = opt
        self.sched = sched
        self.lam = lam
        self.callbacks = list(callbacks)
        self.device = torch.device(device)
        self._loss_host = None
        self.epoch = 0

    def _loss_slot(self) -> torch.Tensor:
        if self._loss_host is None:
            self._loss_host = torch.zeros(1, dtype=torch.float32, pin_memory=True)
        return self._loss_host

    def fit(self, data, epochs: int) -> None:
        for epoch in range(epochs):
            self.epoch = epoch
            self.model.train()
            total = 0.0
            for step, batch in enumerate(data):
                pred = self.model(batch)
                loss = wdl_loss(pred, batch["score"], batch["outcome"], self.lam)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
                slot = self._loss_slot()
                slot.copy_(loss.detach(), non_blocking=True)
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, step, slot)
                if step % 500 == 0:
                    torch.cuda.current_stream().synchronize()
                    total = float(slot)
                    log.info("epoch %d step %d loss %.5f", epoch, step, total)
            self.sched.step()
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch)
