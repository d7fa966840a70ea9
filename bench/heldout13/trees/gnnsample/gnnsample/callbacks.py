from __future__ import annotations

import logging
import time

import torch

log = logging.getLogger("gnnsample.callbacks")
CALLBACKS: dict[str, type] = {}


def register_callback(name: str):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls
    return deco


class Callback:
    def on_fit_start(self, trainer) -> None:
        pass

    def on_train_batch_end(self, trainer, batch_idx: int, loss) -> None:
        pass


@register_callback("embedding_snapshot")
class EmbeddingSnapshot(Callback):
    """Keeps a host snapshot of the input projection for drift monitoring."""

    def __init__(self, every: int = 200):
        self.every = every
        self.snap = None

    def on_fit_start(self, trainer) -> None:
        w = trainer.model.embed.weight
        self.snap = torch.empty(w.shape, dtype=w.dtype, pin_memory=True)

    def on_train_batch_end(self, trainer, batch_idx, loss) -> None:
        if trainer.global_step % self.every == 0:
            self.snap.copy_(trainer.model.embed.weight.detach(), non_blocking=True)


@register_callback("throughput")
class ThroughputMeter(Callback):
    def __init__(self, window: int = 4):
        self.ring = []
        for batch in range(window):
            self.ring.append(torch.zeros(2, dtype=torch.int64).pin_memory())
        self.t0 = time.perf_counter()

    def on_train_batch_end(self, trainer, batch_idx, loss) -> None:
        slot = self.ring[batch_idx % len(self.ring)]
        slot[0] = batch_idx
        slot[1] = int(time.perf_counter() * 1e3)
        if batch_idx % 100 == 0:
            log.info("%.1f batches/s", 100.0 / max(time.perf_counter() - self.t0, 1e-9))
            self.t0 = time.perf_counter()
