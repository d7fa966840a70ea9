from __future__ import annotations

import numpy as np
from numba import cuda


def make_batch(data: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """Gather a [2, B, H, W] batch (coefficients, solutions) into page-locked memory."""
    batch = cuda.pinned_array((2, len(idx)) + data.shape[2:], dtype=np.float32)
    batch[0] = data[idx, 0]
    batch[1] = data[idx, 1]
    return batch


class BatchLoader:
    def __init__(self, data: np.ndarray, batch_size: int, seed: int = 0):
        self.data = data
        self.batch_size = batch_size
        self.rng = np.random.default_rng(seed)

    def batches(self, n_steps: int):
        n = self.data.shape[0]
        per_epoch = n // self.batch_size
        order = cuda.pinned_array(n, dtype=np.int64)
        for step in range(n_steps):
            if step % per_epoch == 0:
                order[:] = self.rng.permutation(n)
            j = (step % per_epoch) * self.batch_size
            idx = np.sort(order[j : j + self.batch_size])
            yield make_batch(self.data, idx)
