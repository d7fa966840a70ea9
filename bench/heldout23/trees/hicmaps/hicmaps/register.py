from __future__ import annotations

import zlib
from pathlib import Path

import cupy as cp
import numpy as np


class PinnedMatrix:
    """Page-locks an existing host matrix for the duration of a with-block."""

    def __init__(self, arr: np.ndarray):
        self.arr = arr

    def __enter__(self) -> np.ndarray:
        cp.cuda.runtime.hostRegister(self.arr.ctypes.data, self.arr.nbytes, 0)
        return self.arr

    def __exit__(self, *exc) -> bool:
        cp.cuda.runtime.hostUnregister(self.arr.ctypes.data)
        return False


def load_cool_block(path: Path) -> cp.ndarray:
    """Loads a balanced matrix written by `hicmaps` (counts + crc32) onto the GPU."""
    with np.load(path) as z:
        arr = np.ascontiguousarray(z["balanced"], dtype=np.float32)
        crc = int(z["crc32"])
    cp.cuda.runtime.hostRegister(arr.ctypes.data, arr.nbytes, 0)
    if zlib.crc32(arr.tobytes()) != crc:
        raise ValueError(f"{path}: checksum mismatch, re-run hicmaps for this sample")
    d = cp.empty(arr.shape, dtype=cp.float32)
    d.set(arr)
    cp.cuda.runtime.hostUnregister(arr.ctypes.data)
    return d
