"""CUDA runtime calls used from Python (registration of numpy blocks, pinned scratch)."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import lru_cache

import numpy as np

lib = ctypes.CDLL(ctypes.util.find_library("cudart") or "libcudart.so")
lib.cudaHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
lib.cudaHostUnregister.argtypes = [ctypes.c_void_p]
lib.cudaHostAlloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
lib.cudaFreeHost.argtypes = [ctypes.c_void_p]
lib.cudaGetErrorString.argtypes = [ctypes.c_int]
lib.cudaGetErrorString.restype = ctypes.c_char_p


class CudaError(RuntimeError):
    pass


def check(rc: int) -> None:
    if rc != 0:
        raise CudaError(lib.cudaGetErrorString(rc).decode())


@lru_cache(maxsize=4)
def scratch(n_doubles: int) -> np.ndarray:
    """A page-locked float64 block of the given length, one per distinct length, kept for the run."""
    p = ctypes.c_void_p()
    check(lib.cudaHostAlloc(ctypes.byref(p), n_doubles * 8, 0))
    return np.ctypeslib.as_array((ctypes.c_double * n_doubles).from_address(p.value))
