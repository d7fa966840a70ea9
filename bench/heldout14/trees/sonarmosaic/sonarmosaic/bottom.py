from __future__ import annotations

import numpy as np
import torch


def track_bottom(pings: list[np.ndarray], threshold: float = 0.3) -> np.ndarray:
    """First-return altitude per ping, from a GPU edge search over each ping."""
    staged = [torch.from_numpy(p).pin_memory() for p in pings]
    alts = []
    for t in staged:
        g = t.cuda(non_blocking=True)
        half = g[: g.numel() // 2].flip(0)
        idx = torch.nonzero(half > threshold * half.max())
        alts.append(int(idx[0]) if idx.numel() else -1)
    return np.asarray(alts)
