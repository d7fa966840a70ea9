"""Shared-memory request ring written by the ingest sidecar and read by the API process."""
from __future__ import annotations

import mmap
import os
import struct

import cupy as cp
import numpy as np

MAGIC = 0x524D5247  # "RMRG"
HEADER = struct.Struct("<IIQQ")  # magic, slot_bytes, n_slots, head


class SharedRing:
    def __init__(self, name: str) -> None:
        fd = os.open(f"/dev/shm{name}", os.O_RDWR)
        try:
            size = os.fstat(fd).st_size
            self.mm = mmap.mmap(fd, size)
        finally:
            os.close(fd)
        self.buf = np.frombuffer(self.mm, dtype=np.uint8)
        self.ptr = self.buf.ctypes.data
        cp.cuda.runtime.hostRegister(self.ptr, size, 0)
        magic, self.slot_bytes, self.n_slots, _ = HEADER.unpack_from(self.mm, 0)
        if magic != MAGIC:
            raise ValueError(f"{name}: bad ring magic {magic:#x}")

    def slot(self, i: int) -> np.ndarray:
        off = HEADER.size + (i % self.n_slots) * self.slot_bytes
        return self.buf[off : off + self.slot_bytes]

    def close(self) -> None:
        cp.cuda.runtime.hostUnregister(self.ptr)
        del self.buf
        self.mm.close()
