"""ctypes bindings of build/libgprscan.so."""
from __future__ import annotations

import ctypes
import os
from pathlib import Path

import numpy as np

_path = os.environ.get("GPRSCAN_LIB") or str(Path(__file__).resolve().parents[2] / "build" / "libgprscan.so")
lib = ctypes.CDLL(_path)

_f32p = np.ctypeslib.ndpointer(np.float32, flags="C_CONTIGUOUS")
_i32p = np.ctypeslib.ndpointer(np.int32, flags="C_CONTIGUOUS")

lib.gpr_create.restype = ctypes.c_void_p
lib.gpr_create.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_float, ctypes.c_float]
lib.gpr_destroy.argtypes = [ctypes.c_void_p]
lib.gpr_last_error.restype = ctypes.c_char_p
lib.gpr_migrate_bscan.argtypes = [ctypes.c_void_p, _f32p, ctypes.c_int, ctypes.c_float, ctypes.c_float, _f32p]
lib.gpr_fit_hyperbolas.argtypes = [ctypes.c_void_p, _f32p, ctypes.c_int, _i32p, ctypes.c_int, ctypes.c_float, _f32p]
lib.gpr_velocity_scan.argtypes = [ctypes.c_void_p, _f32p, ctypes.c_int, _f32p, ctypes.c_int, _f32p]
lib.gpr_write_segy.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _f32p, ctypes.c_int]
lib.gpr_read_dzt.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _f32p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
lib.gpr_selftest.argtypes = [ctypes.c_int]


class GprError(RuntimeError):
    pass


def check(rc: int, what: str) -> None:
    if rc != 0:
        raise GprError(f"{what} failed ({rc}): {lib.gpr_last_error().decode(errors='replace')}")
