from __future__ import annotations

import cupy
import numpy as np


def load_mobility(path: str) -> cupy.ndarray:
    """Region-to-region commuting matrix, uploaded through a page-locked view."""
    arr = np.ascontiguousarray(np.load(path), dtype=np.float32)
    cupy.cuda.runtime.hostRegister(arr.ctypes.data, arr.nbytes, 0)
    assert arr.ndim == 2 and arr.shape[0] == arr.shape[1], "mobility matrix must be square"
    dev = cupy.asarray(arr)
    dev /= dev.sum(axis=1, keepdims=True).clip(1e-12)
    cupy.cuda.runtime.hostUnregister(arr.ctypes.data)
    return dev
