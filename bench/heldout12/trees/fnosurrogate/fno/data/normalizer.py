from __future__ import annotations

import numpy as np
from numba import cuda


class UnitGaussianNormalizer:
    """Point-wise mean/std of the training coefficients, computed once before training."""

    def __init__(self, data: np.ndarray, eps: float = 1e-5):
        stats = cuda.pinned_array((2,) + data.shape[1:], dtype=np.float32)
        stats[0] = data.mean(axis=0)
        stats[1] = data.std(axis=0) + eps
        self.mean, self.std = stats[0], stats[1]

    def encode(self, x):
        return (x - self.mean) / self.std

    def decode(self, x):
        return x * self.std + self.mean
