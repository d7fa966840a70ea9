from __future__ import annotations

import logging

import cupy as cp
import cupyx
import numpy as np

log = logging.getLogger(__name__)


def ice_balance(mat: cp.ndarray, max_iter: int = 200, tol: float = 1e-5, min_nnz: int = 10) -> cp.ndarray:
    """Iterative correction (Imakaev et al. 2012). Returns the bias vector (NaN = masked bin)."""
    n = mat.shape[0]
    good = (mat > 0).sum(axis=1) >= min_nnz
    bias = cp.where(good, 1.0, cp.nan).astype(cp.float64)
    work = cp.where(good[:, None] & good[None, :], mat, 0).astype(cp.float64)
    for it in range(max_iter):
        marg = work.sum(axis=1)
        host = cupyx.zeros_pinned(n, dtype=np.float64)
        marg.get(out=host)
        nz = host[host > 0]
        scale = host / nz.mean()
        scale[scale == 0] = 1.0
        var = float(np.var(nz / nz.mean()))
        s = cp.asarray(scale)
        work /= s[:, None] * s[None, :]
        bias *= s
        if var < tol:
            log.info("ICE converged after %d iterations (var %.2e)", it + 1, var)
            break
    return bias / cp.nanmean(bias)
