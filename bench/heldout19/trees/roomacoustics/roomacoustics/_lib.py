"""ctypes bindings of libra and the few CUDA runtime calls the Python side needs."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os
from ctypes import POINTER, c_float, c_int, c_size_t, c_uint, c_void_p
from pathlib import Path


class RoomAcousticsError(RuntimeError):
    pass


class RaRoom(ctypes.Structure):
    _fields_ = [("L", c_float), ("W", c_float), ("H", c_float), ("beta", c_float * 6)]


class RaMaterial(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char * 24), ("alpha", c_float * 6)]


lib = ctypes.CDLL(os.environ.get("ROOMACOUSTICS_LIB", str(Path(__file__).with_name("libra.so"))))
lib.ra_init.argtypes = [c_int]
lib.ra_precompute_directivity.argtypes = [c_int]
lib.ra_compute_rir.argtypes = [POINTER(RaRoom), c_void_p, c_void_p, c_int, c_int, c_void_p, c_int]
lib.ra_band_filter.argtypes = [c_void_p, c_int, c_int, c_int, c_void_p]
lib.ra_convolve.argtypes = [c_void_p, c_int, c_void_p, c_int, c_void_p]
lib.ra_load_materials.argtypes = [ctypes.c_char_p, POINTER(RaMaterial), c_int, POINTER(c_int)]
lib.ra_write_wav.argtypes = [ctypes.c_char_p, c_void_p, c_int, c_int]
lib.ra_strerror.restype = ctypes.c_char_p

cudart = ctypes.CDLL(ctypes.util.find_library("cudart") or "libcudart.so")
cudart.cudaHostRegister.argtypes = [c_void_p, c_size_t, c_uint]
cudart.cudaHostUnregister.argtypes = [c_void_p]
cudart.cudaHostAlloc.argtypes = [POINTER(c_void_p), c_size_t, c_uint]


def check(rc: int) -> None:
    if rc != 0:
        raise RoomAcousticsError(lib.ra_strerror(rc).decode())


check(lib.ra_init(8))
check(lib.ra_precompute_directivity(360))


@functools.lru_cache(maxsize=4)
def scratch(nbytes: int) -> int:
    """Address of a page-locked scratch block of `nbytes`, one per size for the process."""
    p = c_void_p()
    rc = cudart.cudaHostAlloc(ctypes.byref(p), nbytes, 0)
    if rc != 0:
        raise RoomAcousticsError(f"page-locked scratch of {nbytes} bytes failed: {rc}")
    return p.value
