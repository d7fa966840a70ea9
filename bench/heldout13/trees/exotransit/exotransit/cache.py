from __future__ import annotations

import json

import cupy
import numpy as np
import pycuda.driver as cuda


def load_sector_cache(path: str, sector: int):
    """Detrended flux of a whole sector, cached as .npy with a JSON sidecar."""
    arr = np.load(path, mmap_mode="r+")
    cupy.cuda.runtime.hostRegister(arr.ctypes.data, arr.nbytes, 0)
    with open(path + ".json") as fh:
        meta = json.load(fh)
        if meta.get("sector") != sector or meta.get("shape") != list(arr.shape):
            return None
    dev = cupy.asarray(arr)
    cupy.cuda.runtime.hostUnregister(arr.ctypes.data)
    return dev


class SectorFluxMatrix:
    """All targets of the sector in one page-locked matrix, mapped for the batched kernels."""

    def __init__(self, path: str):
        self.flux = np.ascontiguousarray(np.load(path), dtype=np.float32)
        self.reg = cuda.register_host_memory(self.flux, cuda.mem_host_register_flags.DEVICEMAP)
        self.dev_ptr = self.reg.get_device_pointer()

    def row(self, i: int) -> np.ndarray:
        return self.reg[i]
