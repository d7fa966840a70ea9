"""The few HIP runtime entry points the Python side needs, through ctypes."""

from __future__ import annotations

import ctypes
import os

lib = ctypes.CDLL(os.environ.get("RADXFER_HIP", "libamdhip64.so"))
lib.hipHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
lib.hipHostRegister.restype = ctypes.c_int
lib.hipHostUnregister.argtypes = [ctypes.c_void_p]
lib.hipHostUnregister.restype = ctypes.c_int
lib.hipHostMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
lib.hipHostMalloc.restype = ctypes.c_int
lib.hipHostFree.argtypes = [ctypes.c_void_p]
lib.hipHostFree.restype = ctypes.c_int
lib.hipGetErrorString.argtypes = [ctypes.c_int]
lib.hipGetErrorString.restype = ctypes.c_char_p

HOST_REGISTER_DEFAULT = 0x0
HOST_REGISTER_MAPPED = 0x2


class HipError(RuntimeError):
    pass


def check(rc: int) -> None:
    if rc != 0:
        raise HipError(lib.hipGetErrorString(rc).decode())
