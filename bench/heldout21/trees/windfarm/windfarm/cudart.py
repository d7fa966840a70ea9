"""Just enough of the CUDA runtime over ctypes for SCADA staging."""
from __future__ import annotations

import ctypes
import ctypes.util

_rt = ctypes.CDLL(ctypes.util.find_library("cudart") or "libcudart.so")
_rt.cudaMallocHost.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
_rt.cudaHostAlloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
_rt.cudaFreeHost.argtypes = [ctypes.c_void_p]


def check(rc: int, what: str) -> None:
    if rc != 0:
        raise RuntimeError(f"{what} failed with cudaError {rc}")


runtime = _rt
