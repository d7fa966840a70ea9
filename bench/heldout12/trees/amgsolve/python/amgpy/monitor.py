from __future__ import annotations

import logging

import numpy as np
import torch

log = logging.getLogger("amgpy")


class ResidualMonitor:
    """Iteration counts per time step; the CLI makes one per invocation."""

    def __init__(self, steps: int):
        self.iters = torch.zeros(steps, dtype=torch.int32).pin_memory()

    def record(self, step: int, iters: int) -> None:
        self.iters[step] = iters

    def report(self) -> None:
        it = self.iters.numpy()
        log.info("PCG iterations: mean %.1f, max %d", float(np.mean(it)), int(it.max(initial=0)))
