"""Empirical quantile mapping of the downscaled fields against station-gridded observations."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import cuda


@lru_cache(maxsize=8)
def quantile_levels(n: int) -> np.ndarray:
    q = cuda.pinned_array(n, dtype=np.float64)
    q[:] = np.linspace(0.0, 1.0, n)
    return q


def fit_quantiles(model_out: dict[str, np.ndarray], obs: dict[str, np.ndarray], n_q: int):
    levels = quantile_levels(n_q)
    tables = {}
    for var, arr in model_out.items():
        buf = cuda.pinned_array((2, n_q), dtype=np.float64)
        buf[0] = np.quantile(arr, levels)
        buf[1] = np.quantile(obs[var], levels)
        tables[var] = cuda.to_device(buf)
    return tables


@cuda.jit
def _apply_qm(x, table, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        n = table.shape[1]
        lo, hi = 0, n - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if table[0, mid] <= v:
                lo = mid
            else:
                hi = mid
        span = table[0, hi] - table[0, lo]
        t = (v - table[0, lo]) / span if span > 0 else 0.0
        out[i] = table[1, lo] + t * (table[1, hi] - table[1, lo])


def apply_quantiles(field: np.ndarray, table) -> np.ndarray:
    d_in = cuda.to_device(field.ravel())
    d_out = cuda.device_array_like(d_in)
    _apply_qm[(field.size + 255) // 256, 256](d_in, table, d_out)
    return d_out.copy_to_host().reshape(field.shape)
