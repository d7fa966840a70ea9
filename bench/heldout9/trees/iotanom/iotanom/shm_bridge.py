"""Reads the edge gateway's sensor ring from a shared file mapping."""
import ctypes
import mmap

import numpy as np

_libcuda = ctypes.CDLL("libcuda.so.1")


class SensorRingBridge:
    def __init__(self):
        self.mm = None
        self.ptr = None

    def open(self, path, nbytes):
        fh = open(path, "r+b")
        self.mm = mmap.mmap(fh.fileno(), nbytes)
        arr = np.frombuffer(self.mm, dtype=np.uint8)
        self.ptr = ctypes.c_void_p(arr.ctypes.data)
        rc = _libcuda.cuMemHostRegister_v2(self.ptr, ctypes.c_size_t(nbytes), 0)
        if rc != 0:
            raise OSError(f"driver registration failed: {rc}")
        if arr[:4].tobytes() != b"IOTR":
            raise ValueError(f"{path} is not a sensor ring")
        self.slots = int(np.frombuffer(self.mm, dtype=np.uint32, count=1, offset=4)[0])
        return self

    def close(self):
        _libcuda.cuMemHostUnregister(self.ptr)
        self.mm.close()
