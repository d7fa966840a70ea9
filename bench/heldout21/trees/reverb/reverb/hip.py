"""Minimal HIP runtime over ctypes."""
from __future__ import annotations

import contextlib
import ctypes

_hip = ctypes.CDLL("libamdhip64.so")
_hip.hipHostMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostFree.argtypes = [ctypes.c_void_p]
_hip.hipHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostUnregister.argtypes = [ctypes.c_void_p]

runtime = _hip


@contextlib.contextmanager
def registered(arr):
    ptr = arr.ctypes.data
    rc = _hip.hipHostRegister(ptr, arr.nbytes, 0)
    if rc != 0:
        raise RuntimeError(f"hipHostRegister: {rc}")
    try:
        yield arr
    finally:
        _hip.hipHostUnregister(ptr)
