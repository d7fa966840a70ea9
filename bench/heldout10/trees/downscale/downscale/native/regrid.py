from __future__ import annotations

import ctypes

import numpy as np

_lib = ctypes.CDLL("libdownscale_regrid.so")
_lib.regrid_create.restype = ctypes.c_void_p
_lib.regrid_create.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
_lib.regrid_apply.restype = ctypes.c_int
_lib.regrid_apply.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
_lib.regrid_destroy.argtypes = [ctypes.c_void_p]


class Regridder:
    def __init__(self, weights_file: str) -> None:
        w = np.load(weights_file)
        self.idx = np.ascontiguousarray(w["idx"], dtype=np.int32)
        self.w = np.ascontiguousarray(w["w"], dtype=np.float32)
        self.n_in = int(w["n_in"])
        self.shape_out = tuple(int(s) for s in w["shape_out"])
        n_out = int(np.prod(self.shape_out))
        self._h = _lib.regrid_create(self.idx.ctypes.data, self.w.ctypes.data, self.n_in, n_out)
        if not self._h:
            raise RuntimeError("regrid_create failed")

    def __call__(self, field: np.ndarray) -> np.ndarray:
        src = np.ascontiguousarray(field, dtype=np.float32).ravel()
        out = np.empty(self.shape_out, dtype=np.float32)
        rc = _lib.regrid_apply(self._h, src.ctypes.data, src.size, out.ctypes.data, out.size)
        if rc != 0:
            raise ValueError(f"regrid_apply failed ({rc}) for a field of {src.size} points")
        return out

    def close(self) -> None:
        if self._h:
            _lib.regrid_destroy(self._h)
            self._h = None
