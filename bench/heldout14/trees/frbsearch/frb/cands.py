from __future__ import annotations

import functools

import cupyx
import numpy as np


@functools.lru_cache(maxsize=4)
def dm_grid(ndm: int, dm_min: float, dm_max: float) -> np.ndarray:
    g = cupyx.empty_pinned((ndm,), dtype=np.float32)
    g[:] = np.linspace(dm_min, dm_max, ndm, dtype=np.float32)
    return g


def cluster(peaks: list[tuple[int, np.ndarray]], ndm: int, dm_min: float, dm_max: float, snr: float):
    dms = dm_grid(ndm, dm_min, dm_max)
    cands = []
    for w, best in peaks:
        idx = np.flatnonzero(best > snr)
        if idx.size == 0:
            continue
        groups = np.split(idx, np.flatnonzero(np.diff(idx) > 3) + 1)
        for g in groups:
            k = g[np.argmax(best[g])]
            cands.append((float(dms[k]), float(best[k]), float(w), float(g.size)))
    return cands
