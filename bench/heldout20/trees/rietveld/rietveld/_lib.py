from __future__ import annotations

import ctypes
import os
from pathlib import Path

import numpy as np

_path = os.environ.get("RIETVELD_LIB", str(Path(__file__).with_name("librv.so")))
lib = ctypes.CDLL(_path)

_dp = ctypes.POINTER(ctypes.c_double)
_ctx = ctypes.c_void_p

lib.rv_init.argtypes = [ctypes.POINTER(_ctx), ctypes.c_int, ctypes.c_int]
lib.rv_destroy.argtypes = [_ctx]
lib.rv_destroy.restype = None
lib.rv_set_two_theta.argtypes = [_ctx, _dp, ctypes.c_int]
lib.rv_load_instrument.argtypes = [_ctx, ctypes.c_char_p]
lib.rv_load_cif_table.argtypes = [_ctx, ctypes.c_char_p, ctypes.c_int]
lib.rv_profile_peaks.argtypes = [_ctx, _dp, ctypes.c_int, _dp]
lib.rv_compute_pattern.argtypes = [_ctx, _dp, ctypes.c_int, _dp]
lib.rv_background_fit.argtypes = [_ctx, _dp, ctypes.c_int, _dp]
lib.rv_set_weights.argtypes = [_ctx, _dp, ctypes.c_int]
lib.rv_write_fit_report.argtypes = [_ctx, ctypes.c_char_p, _dp, ctypes.c_int, ctypes.c_double]
lib.rv_export_xy.argtypes = [_ctx, ctypes.c_char_p]
lib.rv_strerror.argtypes = [ctypes.c_int]
lib.rv_strerror.restype = ctypes.c_char_p

RV_GLOBAL = 6
RV_PER_PHASE = 8


class RietveldError(RuntimeError):
    pass


def check(rc: int, what: str) -> None:
    if rc != 0:
        raise RietveldError(f"{what}: {lib.rv_strerror(rc).decode()}")


def dptr(a: np.ndarray):
    assert a.dtype == np.float64 and a.flags.c_contiguous
    return a.ctypes.data_as(_dp)


class Context:
    def __init__(self, n_points: int, max_phases: int):
        self.handle = _ctx()
        check(lib.rv_init(ctypes.byref(self.handle), n_points, max_phases), "rv_init")
        self.n_points = n_points

    def close(self) -> None:
        if self.handle:
            lib.rv_destroy(self.handle)
            self.handle = _ctx()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
