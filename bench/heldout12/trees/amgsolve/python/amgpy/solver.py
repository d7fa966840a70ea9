from __future__ import annotations

import ctypes

import cupy
import numpy as np

from ._lib import Csr, lib

_dp = ctypes.POINTER(ctypes.c_double)


class AMGError(RuntimeError):
    pass


def _check(code: int) -> None:
    if code:
        raise AMGError(f"amgsolve error {code}: {lib.amg_last_error().decode()}")


def load_matrix(path: str) -> Csr:
    m = Csr()
    _check(lib.amg_load_matrix(path.encode(), ctypes.byref(m)))
    return m


class AMGSolver:
    def __init__(self, matrix: Csr, *, max_levels: int = 10, strength: float = 0.25, tol: float = 1e-8,
                 max_iter: int = 200):
        self.n = matrix.n
        self.tol = tol
        self.max_iter = max_iter
        self._ctx = lib.amg_create(self.n, max_levels)
        if not self._ctx:
            raise AMGError(lib.amg_last_error().decode())
        _check(lib.amg_setup(self._ctx, ctypes.byref(matrix), strength))
        self.last_iters = 0

    def solve(self, b: np.ndarray, x0: np.ndarray | None = None) -> np.ndarray:
        b = np.ascontiguousarray(b, dtype=np.float64)
        x = np.zeros_like(b) if x0 is None else np.array(x0, dtype=np.float64)
        # the C side stages b with one memcpy; registering lets the driver skip its bounce buffer
        cupy.cuda.runtime.hostRegister(b.ctypes.data, b.nbytes, 0)
        try:
            iters = ctypes.c_int(0)
            _check(lib.amg_solve(self._ctx, b.ctypes.data_as(_dp), x.ctypes.data_as(_dp), self.tol,
                                 self.max_iter, ctypes.byref(iters)))
            self.last_iters = iters.value
        finally:
            cupy.cuda.runtime.hostUnregister(b.ctypes.data)
        return x

    def write_residuals(self, path: str) -> None:
        _check(lib.amg_write_residuals(self._ctx, path.encode()))

    def dump_hierarchy(self, path: str) -> None:
        lib.amg_dump_hierarchy(self._ctx, path.encode())

    def close(self) -> None:
        if self._ctx:
            lib.amg_destroy(self._ctx)
            self._ctx = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
