from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


def search_widths(dm_time: cp.ndarray, widths: list[int], snr: float) -> list[tuple[int, np.ndarray]]:
    """Boxcar matched filter over every width; returns per-width (width, peaks)."""
    out = []
    csum = cp.cumsum(dm_time, axis=1)
    for w in widths:
        best = cupyx.empty_pinned((dm_time.shape[0],), dtype=np.float32)
        conv = (csum[:, w:] - csum[:, :-w]) / np.sqrt(w)
        z = (conv - conv.mean(axis=1, keepdims=True)) / (conv.std(axis=1, keepdims=True) + 1e-6)
        z.max(axis=1).get(out=best)
        if (best > snr).any():
            out.append((w, best.copy()))
    return out
