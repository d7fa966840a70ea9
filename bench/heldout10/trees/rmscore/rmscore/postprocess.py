"""Reward normalisation on the GPU: running mean/std per prompt category."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


class Postprocessor:
    def __init__(self, n_categories: int, max_batch: int, momentum: float = 0.01) -> None:
        self.momentum = momentum
        self.stats = cp.zeros((n_categories, 2), dtype=cp.float32)
        self.stats[:, 1] = 1.0
        self.out = cupyx.empty_pinned((max_batch,), dtype=np.float32)

    def __call__(self, rewards: cp.ndarray, categories: cp.ndarray) -> np.ndarray:
        mean = self.stats[categories, 0]
        std = cp.sqrt(self.stats[categories, 1])
        z = (rewards - mean) / cp.maximum(std, 1e-3)
        for c in cp.unique(categories).tolist():
            r = rewards[categories == c]
            self.stats[c, 0] += self.momentum * (r.mean() - self.stats[c, 0])
            self.stats[c, 1] += self.momentum * (r.var() - self.stats[c, 1])
        n = z.shape[0]
        z.astype(cp.float32).get(out=self.out[:n])
        return self.out[:n].copy()
