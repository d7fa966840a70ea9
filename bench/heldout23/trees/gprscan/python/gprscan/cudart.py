"""Minimal ctypes access to the CUDA runtime for page-locked numpy blocks."""
from __future__ import annotations

import ctypes
import ctypes.util

import numpy as np

_rt = ctypes.CDLL(ctypes.util.find_library("cudart") or "libcudart.so")
_rt.cudaMallocHost.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
_rt.cudaMallocHost.restype = ctypes.c_int
_rt.cudaFreeHost.argtypes = [ctypes.c_void_p]
_rt.cudaFreeHost.restype = ctypes.c_int


def pinned_block(n: int, dtype=np.float32) -> np.ndarray:
    """A numpy view of n page-locked elements; release it with free_block."""
    nbytes = int(n) * np.dtype(dtype).itemsize
    ptr = ctypes.c_void_p()
    err = _rt.cudaMallocHost(ctypes.byref(ptr), nbytes)
    if err != 0:
        raise MemoryError(f"cudaMallocHost({nbytes}) failed with error {err}")
    raw = (ctypes.c_byte * nbytes).from_address(ptr.value)
    return np.frombuffer(raw, dtype=dtype, count=n)


def free_block(arr: np.ndarray) -> None:
    _rt.cudaFreeHost(ctypes.c_void_p(arr.ctypes.data))
