from __future__ import annotations

import ctypes
import os

import numpy as np

_here = os.path.dirname(__file__)
lib = ctypes.CDLL(os.environ.get("LIBWAKE", os.path.join(_here, "libwake.so")))

_fp = ctypes.POINTER(ctypes.c_float)
lib.wk_init.argtypes = [ctypes.c_int, _fp, ctypes.c_int]
lib.wk_init.restype = ctypes.c_void_p
lib.wk_destroy.argtypes = [ctypes.c_void_p]
lib.wk_set_turbines.argtypes = [ctypes.c_void_p, _fp, _fp]
lib.wk_sweep_yaw.argtypes = [ctypes.c_void_p, ctypes.c_float, ctypes.c_float, _fp, ctypes.c_int, _fp]
lib.wk_eval_layout.argtypes = [ctypes.c_void_p, ctypes.c_float, ctypes.c_float, _fp, _fp]
lib.wk_stage_inflow.argtypes = [ctypes.c_void_p, _fp, ctypes.c_int]
lib.wk_load_terrain.argtypes = [ctypes.c_void_p, _fp, ctypes.c_int, ctypes.c_int]
lib.wk_write_report.argtypes = [ctypes.c_void_p, ctypes.c_char_p]


def fptr(a: np.ndarray):
    assert a.dtype == np.float32 and a.flags.c_contiguous
    return a.ctypes.data_as(_fp)


class Farm:
    def __init__(self, xy: np.ndarray, hub: np.ndarray, curve: np.ndarray):
        self.n = len(xy)
        curve = np.ascontiguousarray(curve, np.float32)
        self.ctx = lib.wk_init(self.n, fptr(curve), len(curve))
        rc = lib.wk_set_turbines(self.ctx, fptr(np.ascontiguousarray(xy, np.float32)),
                                 fptr(np.ascontiguousarray(hub, np.float32)))
        if rc:
            raise RuntimeError(f"wk_set_turbines: {rc}")

    def close(self):
        if self.ctx:
            lib.wk_destroy(self.ctx)
            self.ctx = None
