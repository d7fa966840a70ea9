"""ctypes binding of libspecmon.so."""
from __future__ import annotations

import ctypes
import os
from pathlib import Path

_here = Path(__file__).resolve().parent
lib = ctypes.CDLL(os.environ.get("SPECMON_LIB", str(_here / "libspecmon.so")))


class SmDetection(ctypes.Structure):
    _fields_ = [
        ("channel", ctypes.c_int),
        ("f_lo_hz", ctypes.c_float),
        ("f_hi_hz", ctypes.c_float),
        ("peak_dbm", ctypes.c_float),
        ("snr_db", ctypes.c_float),
        ("occupancy", ctypes.c_float),
    ]


class SpecmonError(RuntimeError):
    pass


lib.sm_create.restype = ctypes.c_void_p
lib.sm_create.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_double, ctypes.c_double]
lib.sm_destroy.argtypes = [ctypes.c_void_p]
lib.sm_channelize.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
lib.sm_detect.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_float, ctypes.POINTER(SmDetection), ctypes.c_int]
lib.sm_load_calibration.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
lib.sm_record_open.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t]
lib.sm_record_close.argtypes = [ctypes.c_void_p]
lib.sm_write_sigmf.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(SmDetection), ctypes.c_int]
lib.sm_last_error.restype = ctypes.c_char_p


def check(rc: int) -> int:
    if rc < 0:
        raise SpecmonError(lib.sm_last_error().decode())
    return rc
