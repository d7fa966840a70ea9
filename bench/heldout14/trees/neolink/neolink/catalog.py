from __future__ import annotations

import functools

import cupy as cp
import cupyx
import numpy as np


def load_catalog(path: str) -> np.ndarray:
    raw = np.fromfile(path, dtype=np.float64)
    cp.cuda.runtime.hostRegister(raw.ctypes.data, raw.nbytes, 0)
    if raw[0] != 0x4E454F31:
        raise ValueError(f"{path}: not a neolink catalogue")
    stars = raw[1:].reshape(-1, 3).copy()
    cp.cuda.runtime.hostUnregister(raw.ctypes.data)
    return stars


@functools.lru_cache(maxsize=None)
def observatory_codes(path: str) -> np.ndarray:
    rows = [ln[4:30].split() for ln in open(path) if ln[:3].isalnum()]
    tab = cupyx.empty_pinned((len(rows), 3), dtype=np.float64)
    for i, r in enumerate(rows):
        tab[i] = [float(x) for x in (r + ["0", "0", "0"])[:3]]
    return tab
