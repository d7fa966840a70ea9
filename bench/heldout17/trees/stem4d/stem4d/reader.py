from __future__ import annotations

import contextlib

import cupyx
import h5py
import numpy as np


class DetectorFile:
    """A 4D dataset (ny, nx, qy, qx) read row by row."""

    def __init__(self, path: str):
        self.fh = h5py.File(path, "r")
        self.ds = self.fh["/entry/data/data"]
        self.ny, self.nx, self.qy, self.qx = self.ds.shape
        self.staging = cupyx.empty_pinned((self.nx, self.qy, self.qx), dtype=np.uint16)

    def read_row(self, row: int) -> np.ndarray:
        self.ds.read_direct(self.staging, np.s_[row])
        return self.staging

    def close(self):
        self.fh.close()


@contextlib.contextmanager
def row_buffer(nx: int):
    """Scratch for one scan row of virtual-detector values."""
    buf = cupyx.zeros_pinned((nx,), dtype=np.float32)
    try:
        yield buf
    finally:
        del buf
