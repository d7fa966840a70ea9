from __future__ import annotations

import numpy as np
import torch
from torch.utils.data import Dataset


class TomoPairs(Dataset):
    """Random even/odd subtomogram pairs drawn from a list of half-tomogram pairs."""

    def __init__(self, pairs: list[tuple[np.ndarray, np.ndarray]], size: int, length: int, seed: int = 0):
        self.pairs = pairs
        self.size = size
        self.length = length
        self.seed = seed

    def __len__(self):
        return self.length

    def __getitem__(self, i):
        rng = np.random.default_rng(self.seed + i)
        even, odd = self.pairs[rng.integers(len(self.pairs))]
        s = self.size
        z, y, x = (rng.integers(0, d - s) for d in even.shape)
        sub = np.stack([even[z:z + s, y:y + s, x:x + s], odd[z:z + s, y:y + s, x:x + s]])
        if rng.random() < 0.5:
            sub = sub[::-1].copy()
        return torch.from_numpy(np.ascontiguousarray(sub)).pin_memory()
