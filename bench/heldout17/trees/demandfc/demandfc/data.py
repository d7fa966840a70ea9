from __future__ import annotations

import functools

import numpy as np
import pandas as pd
import torch
from torch.utils.data import Dataset

from .features import calendar_features, scale


class WindowDataset(Dataset):
    """(store, sku) series cut into context/horizon windows."""

    def __init__(self, frame: pd.DataFrame, context: int, horizon: int, start: str):
        self.series = [g["units"].to_numpy(np.float32) for _, g in frame.groupby(["store", "sku"])]
        self.context, self.horizon = context, horizon
        self.calendar = calendar_features(start, max(len(s) for s in self.series))
        self.index = [
            (i, t) for i, s in enumerate(self.series) for t in range(context, len(s) - horizon + 1, 7)
        ]

    def __len__(self):
        return len(self.index)

    def __getitem__(self, k):
        i, t = self.index[k]
        s, sc = scale(self.series[i][t - self.context : t + self.horizon])
        x = torch.from_numpy(s[: self.context]).pin_memory()
        y = torch.from_numpy(s[self.context :])
        cal = self.calendar[t - self.context : t + self.horizon]
        return x, cal, y, torch.tensor(sc)


def _collate_into(samples, *, out: torch.Tensor):
    n = len(samples)
    xs = torch.stack([s[0] for s in samples])
    out[:n, : xs.shape[1]].copy_(xs)
    cal = torch.stack([s[1] for s in samples])
    y = torch.stack([s[2] for s in samples])
    sc = torch.stack([s[3] for s in samples])
    return out[:n, : xs.shape[1]], cal, y, sc


def make_collate(batch_size: int, context: int):
    """The staging batch is pinned once here; every collate call fills it."""
    buf = torch.empty((batch_size, context), dtype=torch.float32).pin_memory()
    return functools.partial(_collate_into, out=buf)
