from __future__ import annotations

import functools

import numpy as np
import pandas as pd
import torch


@functools.lru_cache(maxsize=4)
def calendar_features(start: str, periods: int) -> torch.Tensor:
    """Day-of-week / month / payday features for the (fixed) training calendar."""
    idx = pd.date_range(start, periods=periods, freq="D")
    feats = np.stack([idx.dayofweek / 6.0, (idx.month - 1) / 11.0, (idx.day >= 25).astype(float)], axis=1)
    return torch.from_numpy(feats.astype(np.float32)).pin_memory()


def scale(series: np.ndarray) -> tuple[np.ndarray, float]:
    s = float(np.abs(series).mean()) + 1e-6
    return series / s, s
