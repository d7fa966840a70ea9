"""ctypes bindings for libhostio.so (native/hostio.cu)."""

from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, Structure, c_char_p, c_int, c_size_t, c_void_p


class Arena(Structure):
    _fields_ = [("base", c_void_p), ("bytes", c_size_t)]


def _load() -> ctypes.CDLL:
    path = os.environ.get("HOSTIO_LIB") or os.path.join(os.path.dirname(__file__), "libhostio.so")
    lib = ctypes.CDLL(path)
    lib.hostio_read_into.argtypes = [c_char_p, c_void_p, c_size_t, c_void_p]
    lib.hostio_read_into.restype = c_int
    lib.hostio_write_from.argtypes = [c_char_p, c_void_p, c_size_t, c_void_p]
    lib.hostio_write_from.restype = c_int
    lib.hostio_pin_arena.argtypes = [POINTER(Arena), c_void_p, c_size_t]
    lib.hostio_pin_arena.restype = c_int
    lib.hostio_unpin_arena.argtypes = [POINTER(Arena)]
    lib.hostio_unpin_arena.restype = c_int
    lib.hostio_read_arena.argtypes = [POINTER(Arena), c_char_p, c_size_t, c_size_t, c_void_p]
    lib.hostio_read_arena.restype = c_int
    lib.hostio_alloc_staging.argtypes = [c_size_t]
    lib.hostio_alloc_staging.restype = c_void_p
    lib.hostio_upload.argtypes = [c_void_p, c_void_p, c_size_t]
    lib.hostio_upload.restype = c_int
    lib.hostio_free_staging.argtypes = [c_void_p]
    lib.hostio_free_staging.restype = None
    return lib


lib = _load()
