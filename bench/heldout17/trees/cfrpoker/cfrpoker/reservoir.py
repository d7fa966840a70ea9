from __future__ import annotations

import numpy as np
import torch
from torch.utils.data import Dataset


class Reservoir(Dataset):
    """Reservoir-sampled advantage memory; the storage is pinned once and filled in place."""

    def __init__(self, capacity: int, x_dim: int, y_dim: int, seed: int = 0):
        self.x = torch.zeros((capacity, x_dim), dtype=torch.long).pin_memory()
        self.y = torch.zeros((capacity, y_dim), dtype=torch.float32)
        self.capacity, self.seen, self.size = capacity, 0, 0
        self.rng = np.random.default_rng(seed)

    def add(self, x: np.ndarray, y: np.ndarray) -> None:
        self.seen += 1
        if self.size < self.capacity:
            i = self.size
            self.size += 1
        else:
            i = int(self.rng.integers(0, self.seen))
            if i >= self.capacity:
                return
        self.x[i] = torch.from_numpy(x)
        self.y[i] = torch.from_numpy(y)

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        return self.x[i], self.y[i]
