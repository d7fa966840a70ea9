"""PyCUDA host scratch for coverage normalisation (the pre-CuPy code path, still used by the
coverage tracks because its reductions match the published v0.6 numbers bit for bit)."""
from __future__ import annotations

import cupy as cp
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv


def _host_scratch(n_bins: int) -> np.ndarray:
    return drv.pagelocked_empty(n_bins, dtype=np.float32)


class CoverageNormalizer:
    """Scales a coverage vector to unit median; one scratch block per normalizer."""

    def __init__(self, n_bins: int):
        self.n_bins = n_bins
        self._buf: np.ndarray | None = None

    def scratch(self) -> np.ndarray:
        if self._buf is None:
            self._buf = _host_scratch(self.n_bins)
        return self._buf

    def normalize(self, cov: cp.ndarray) -> np.ndarray:
        buf = self.scratch()[: cov.shape[0]]
        cov.astype(cp.float32).get(out=buf)
        med = np.median(buf[buf > 0]) if np.any(buf > 0) else 1.0
        return buf / med


def coverage_track(mat: cp.ndarray, lo: int, hi: int) -> np.ndarray:
    """Raw per-bin coverage of one chromosome's rows, median-normalised."""
    host = _host_scratch(hi - lo)
    mat[lo:hi].sum(axis=1).astype(cp.float32).get(out=host)
    med = np.median(host[host > 0]) if np.any(host > 0) else 1.0
    return host / med
