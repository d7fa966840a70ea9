"""ctypes access to the HIP runtime: page-locked numpy blocks and host registration."""
from __future__ import annotations

import ctypes

import numpy as np

_hip = ctypes.CDLL("libamdhip64.so")
_hip.hipHostMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostFree.argtypes = [ctypes.c_void_p]
_hip.hipHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostUnregister.argtypes = [ctypes.c_void_p]


def host_malloc(n: int, dtype=np.float32) -> np.ndarray:
    nbytes = int(n) * np.dtype(dtype).itemsize
    p = ctypes.c_void_p()
    rc = _hip.hipHostMalloc(ctypes.byref(p), nbytes, 0)
    if rc != 0:
        raise MemoryError(f"hipHostMalloc failed ({rc})")
    return np.frombuffer((ctypes.c_byte * nbytes).from_address(p.value), dtype=dtype, count=n)


def host_free(arr: np.ndarray) -> None:
    _hip.hipHostFree(ctypes.c_void_p(arr.ctypes.data))


class RegisteredArray:
    """Page-locks an existing numpy array for the duration of a with-block."""

    def __init__(self, arr: np.ndarray):
        self.arr = np.ascontiguousarray(arr)

    def __enter__(self) -> np.ndarray:
        rc = _hip.hipHostRegister(ctypes.c_void_p(self.arr.ctypes.data), self.arr.nbytes, 0)
        if rc != 0:
            raise OSError(f"hipHostRegister failed ({rc})")
        return self.arr

    def __exit__(self, *exc) -> bool:
        _hip.hipHostUnregister(ctypes.c_void_p(self.arr.ctypes.data))
        return False
