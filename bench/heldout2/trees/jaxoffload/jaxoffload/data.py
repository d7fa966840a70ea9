from __future__ import annotations

import numpy as np


def synthetic_batches(batch_size: int, dim: int, classes: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    w = rng.normal(size=(dim, classes)).astype(np.float32)
    while True:
        x = rng.normal(size=(batch_size, dim)).astype(np.float32)
        yield {"x": x, "labels": (x @ w).argmax(axis=1).astype(np.int32)}
