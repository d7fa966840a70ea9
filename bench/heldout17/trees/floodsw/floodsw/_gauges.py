from __future__ import annotations

import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.environ.get("GAUGES_LIB", "libgauges.so"))
_lib.ga_init.restype = ctypes.c_void_p
_lib.ga_init.argtypes = [ctypes.c_int]
_lib.ga_open.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_lib.ga_sample.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
_lib.ga_write_hydrograph.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p]
_lib.ga_n_stations.argtypes = [ctypes.c_void_p]
_lib.ga_close.argtypes = [ctypes.c_void_p]


class Gauges:
    def __init__(self, path: str, ring_slots: int = 4):
        self._c = _lib.ga_init(ring_slots)
        if not self._c:
            raise RuntimeError("ga_init failed")
        if _lib.ga_open(self._c, path.encode()) != 0:
            raise RuntimeError(f"ga_open({path}) failed")
        self.n = _lib.ga_n_stations(self._c)

    def sample(self, depth: np.ndarray) -> np.ndarray:
        depth = np.ascontiguousarray(depth, dtype=np.float32)
        out = np.empty(self.n, dtype=np.float32)
        if _lib.ga_sample(self._c, depth.ctypes.data, depth.shape[0], depth.shape[1], out.ctypes.data) != 0:
            raise RuntimeError("ga_sample failed")
        return out

    def write_hydrograph(self, series: np.ndarray, path: str) -> None:
        series = np.ascontiguousarray(series, dtype=np.float32)
        _lib.ga_write_hydrograph(self._c, series.ctypes.data, series.shape[0], path.encode())

    def close(self):
        _lib.ga_close(self._c)
