from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from . import cudart


@contextmanager
def registered(arr: np.ndarray):
    cudart.check(cudart.lib.cudaHostRegister(arr.ctypes.data, arr.nbytes, 0))
    try:
        yield arr
    finally:
        cudart.lib.cudaHostUnregister(arr.ctypes.data)


def numeric_jacobian(model, params: np.ndarray, active: list[int], steps: np.ndarray, y0: np.ndarray) -> np.ndarray:
    """Forward-difference derivatives of ycalc with respect to the active parameters. The
    block is registered so each library call can write its column without a bounce buffer."""
    J = np.empty((len(active), model.n_points))
    with registered(J):
        for k, i in enumerate(active):
            p = params.copy()
            p[i] += steps[i]
            model.compute(p, out=J[k])
            J[k] -= y0
            J[k] /= steps[i]
    return J
