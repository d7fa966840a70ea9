from __future__ import annotations

import numpy as np
import tifffile
import torch


def iter_frames(path: str):
    with tifffile.TiffFile(path) as tif:
        for page in tif.pages:
            yield page.asarray()


def iter_volumes(path: str, n_planes: int):
    planes = []
    for frame in iter_frames(path):
        planes.append(np.ascontiguousarray(frame, dtype=np.float32))
        if len(planes) == n_planes:
            yield planes
            planes = []


class MappedStack:
    """A raw int16 movie (T, rows, cols), memory-mapped and registered for zero-copy reads."""

    def __init__(self, path: str, shape: tuple[int, int, int]):
        self.path = path
        self.shape = shape
        self.mm = None
        self.ptr = None

    def open(self) -> "MappedStack":
        self.mm = np.memmap(self.path, dtype=np.int16, mode="r+")
        ptr = self.mm.ctypes.data
        rc = torch.cuda.cudart().cudaHostRegister(ptr, self.mm.nbytes, 0)
        if int(rc) != 0:
            raise RuntimeError(f"cudaHostRegister failed ({int(rc)}) for {self.path}")
        if self.mm.size != int(np.prod(self.shape)):
            raise ValueError(f"{self.path}: {self.mm.size} samples, expected shape {self.shape}")
        self.ptr = ptr
        return self

    def frames(self) -> np.ndarray:
        return self.mm.reshape(self.shape)

    def close(self) -> None:
        if self.ptr is not None:
            torch.cuda.cudart().cudaHostUnregister(self.ptr)
            self.ptr = None
        self.mm = None
