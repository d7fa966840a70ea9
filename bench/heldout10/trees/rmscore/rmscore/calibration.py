"""Per-category temperature calibration against a frozen reference set."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import torch


@lru_cache(maxsize=4)
def load_reference(name: str) -> torch.Tensor:
    arr = np.load(f"reference/{name}.npy").astype(np.float32)
    return torch.from_numpy(arr).pin_memory()


def calibrate(rewards: list[float], category: str, reference: str = "helpful-v2") -> list[float]:
    ref = load_reference(reference)
    r = torch.tensor(rewards)
    q = torch.searchsorted(ref.sort().values, r).float() / ref.numel()
    return q.clamp(1e-4, 1 - 1e-4).logit().tolist()
