"""Chi^2 over the (template, redshift) grid, in redshift chunks to bound device memory."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from .config import SurveyConfig

_chi2 = cp.ReductionKernel(
    "T f, T e, T m, T a",
    "T chi2",
    "((f - a * m) / e) * ((f - a * m) / e)",
    "a + b",
    "chi2 = a",
    "0",
    "photoz_chi2",
)


class TemplateFitter:
    def __init__(self, cfg: SurveyConfig):
        self.z_chunk = cfg.z_chunk
        self.n_bands = len(cfg.bands)
        self.stream = cp.cuda.Stream(non_blocking=True)

    def _chunk(self, flux: cp.ndarray, grid: cp.ndarray) -> cp.ndarray:
        nb = self.n_bands
        f, e = flux[:, None, None, :nb], flux[:, None, None, nb:]
        m = grid[None]
        w = 1.0 / (e * e)
        amp = (f * m * w).sum(-1, keepdims=True) / (m * m * w).sum(-1, keepdims=True)
        chi2 = _chi2(f, e, m, amp, axis=-1)  # [n, templates, z]
        return chi2.min(axis=1)

    def fit_tile(self, flux: cp.ndarray, grid: cp.ndarray) -> np.ndarray:
        n, nz = flux.shape[0], grid.shape[1]
        out = np.empty((n, nz), dtype=np.float32)
        with self.stream:
            for z0 in range(0, nz, self.z_chunk):
                z1 = min(z0 + self.z_chunk, nz)
                chi2 = self._chunk(flux, grid[:, z0:z1])
                host = cupyx.empty_pinned(chi2.shape, dtype=np.float32)
                chi2.get(out=host, stream=self.stream)
                self.stream.synchronize()
                out[:, z0:z1] = host
        return out
