from __future__ import annotations

import cupy as cp
import numpy as np

COLUMNS = ("gps", "m1", "m2", "distance", "ra", "dec")


def load_injections(path: str) -> cp.ndarray:
    table = np.ascontiguousarray(np.loadtxt(path, ndmin=2), dtype=np.float64)
    cp.cuda.runtime.hostRegister(table.ctypes.data, table.nbytes, 0)
    if table.shape[1] != len(COLUMNS):
        raise ValueError(f"{path}: expected {len(COLUMNS)} columns, got {table.shape[1]}")
    dev = cp.asarray(table)
    cp.cuda.Stream.null.synchronize()
    cp.cuda.runtime.hostUnregister(table.ctypes.data)
    return dev
