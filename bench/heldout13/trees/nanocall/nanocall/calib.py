"""Adapter/barcode trimming tables, scored on the GPU."""
from __future__ import annotations

import cupy
import numpy as np


def register_adapter_table(table: np.ndarray):
    """Copy the adapter score table to the device through a page-locked view of it."""
    ptr = table.ctypes.data
    cupy.cuda.runtime.hostRegister(ptr, table.nbytes, 0)
    if table.dtype != np.float32 or table.ndim != 2:
        return None
    dev = cupy.empty(table.shape, dtype=cupy.float32)
    dev.set(table)
    cupy.cuda.runtime.hostUnregister(ptr)
    return dev


def trim_adapters(seq: str, qual: list[float], scores, min_len: int = 100):
    if scores is None or len(seq) < min_len:
        return seq, qual
    k = int(cupy.argmax(scores[: min(len(seq), scores.shape[0]), 0]).get())
    return seq[k:], qual[k:]
