"""Host registration through the HIP runtime (ctypes); libllg does not export it."""

from __future__ import annotations

import ctypes
import ctypes.util

import numpy as np

hip = ctypes.CDLL(ctypes.util.find_library("amdhip64") or "libamdhip64.so")
hip.hipHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
hip.hipHostRegister.restype = ctypes.c_int
hip.hipHostUnregister.argtypes = [ctypes.c_void_p]
hip.hipHostUnregister.restype = ctypes.c_int


class HipError(RuntimeError):
    pass


class PinnedRegion:
    def __init__(self, arr: np.ndarray):
        self.arr = arr
        self.ptr = arr.ctypes.data
        self.active = True

    def release(self) -> None:
        if self.active:
            hip.hipHostUnregister(ctypes.c_void_p(self.ptr))
            self.active = False


def pin_numpy(arr: np.ndarray) -> PinnedRegion:
    rc = hip.hipHostRegister(ctypes.c_void_p(arr.ctypes.data), arr.nbytes, 0)
    if rc != 0:
        raise HipError(f"host registration failed with HIP error {rc}")
    if arr.dtype != np.float32 or not arr.flags.c_contiguous:
        raise TypeError(f"magnetisation must be C-contiguous float32, got {arr.dtype}")
    return PinnedRegion(arr)
