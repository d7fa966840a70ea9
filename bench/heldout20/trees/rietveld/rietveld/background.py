from __future__ import annotations

import numpy as np

from . import cudart
from ._lib import Context, check, dptr, lib


def fit_background(ctx: Context, yobs: np.ndarray, ypeaks: np.ndarray, n_coeff: int = 12) -> np.ndarray:
    """Chebyshev coefficients of the background under the current peak model."""
    residual = cudart.scratch(ctx.n_points)
    np.subtract(yobs, ypeaks, out=residual)
    coeff = np.zeros(n_coeff)
    check(lib.rv_background_fit(ctx.handle, dptr(residual), n_coeff, dptr(coeff)), "background")
    return coeff


def evaluate(coeff: np.ndarray, tth: np.ndarray) -> np.ndarray:
    x = 2.0 * (tth - tth[0]) / (tth[-1] - tth[0]) - 1.0
    return np.polynomial.chebyshev.chebval(x, coeff)
