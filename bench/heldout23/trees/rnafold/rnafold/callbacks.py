from __future__ import annotations

import time

import torch


class Callback:
    def on_fit_start(self, trainer) -> None: ...
    def on_train_batch_start(self, trainer, batch) -> None: ...
    def on_train_batch_end(self, trainer, loss: float) -> None: ...
    def on_validation_end(self, trainer, f1: float) -> None: ...


class PairCacheReset(Callback):
    """The pair-probability cache holds the previous batch's shape; drop it before each batch."""

    def on_train_batch_start(self, trainer, batch) -> None:
        trainer.pair_cache.invalidate()


class ThroughputMeter(Callback):
    def __init__(self, capacity: int = 100_000):
        self.capacity = capacity
        self.n = 0
        self._t0 = 0.0

    def on_fit_start(self, trainer) -> None:
        self.timings = torch.zeros(self.capacity, dtype=torch.float64, pin_memory=True)

    def on_train_batch_start(self, trainer, batch) -> None:
        self._t0 = time.perf_counter()

    def on_train_batch_end(self, trainer, loss: float) -> None:
        if self.n < self.capacity:
            self.timings[self.n] = time.perf_counter() - self._t0
            self.n += 1


class WeightSnapshot(Callback):
    """Keeps a host snapshot of every weight at each new best validation F1."""

    def __init__(self):
        self.best = -1.0
        self.snapshot: dict[str, torch.Tensor] = {}

    def on_validation_end(self, trainer, f1: float) -> None:
        if f1 <= self.best:
            return
        self.best = f1
        snap = {}
        for name, p in trainer.model.named_parameters():
            host = torch.empty(p.shape, dtype=p.dtype, pin_memory=True)
            host.copy_(p.detach(), non_blocking=True)
            snap[name] = host
        torch.cuda.synchronize()
        self.snapshot = snap
