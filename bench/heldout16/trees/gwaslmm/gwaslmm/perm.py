"""Permutation-based genome-wide significance threshold on the top hits."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from .lmm import LMM


def permutation_threshold(lmm: LMM, G_top: cp.ndarray, n_perm: int, alpha: float = 0.05, seed: int = 0) -> float:
    rng = np.random.default_rng(seed)
    Uy0 = lmm.Uy
    maxes = np.empty(n_perm)
    try:
        for b in range(n_perm):
            y_h = cupyx.empty_pinned(lmm.n, dtype=np.float64)
            y_h[:] = lmm.y_host[rng.permutation(lmm.n)]
            lmm.Uy = lmm.U.T @ cp.asarray(y_h)
            res, _ = lmm.test_block(G_top)
            maxes[b] = float(-cp.log10(res[:, 2].min()))
    finally:
        lmm.Uy = Uy0
    return float(10 ** -np.quantile(maxes, 1 - alpha))
