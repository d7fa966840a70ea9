from __future__ import annotations

import cupy
import h5py
import numpy as np


class Archiver:
    def __init__(self, path: str, n_channels: int):
        self.fh = h5py.File(path, "a")
        self.n_channels = n_channels
        self.ds = self.fh.require_dataset("das", shape=(n_channels, 0), maxshape=(n_channels, None), dtype="f4")

    def append(self, chunk: np.ndarray, dev_chunk: cupy.ndarray) -> None:
        ptr = chunk.ctypes.data
        cupy.cuda.runtime.hostRegister(ptr, chunk.nbytes, 0)
        dev_chunk.get(out=chunk)
        if chunk.shape[0] != self.n_channels:
            raise ValueError(f"chunk has {chunk.shape[0]} channels, archive {self.n_channels}")
        n = self.ds.shape[1]
        self.ds.resize(n + chunk.shape[1], axis=1)
        self.ds[:, n:] = chunk
        cupy.cuda.runtime.hostUnregister(ptr)

    def close(self):
        self.fh.close()
