"""FaST-LMM: rotate once by the eigenvectors of K, then a weighted least squares per SNP."""
from __future__ import annotations

import math

import cupy as cp
import cupyx
import cupyx.scipy.special as sps
import numpy as np


class LMM:
    def __init__(self, K: np.ndarray, y_host: np.ndarray, y_dev: cp.ndarray, X: np.ndarray, min_maf: float):
        self.n = y_dev.shape[0]
        self.y_host = y_host
        self.min_maf = min_maf
        S, U = cp.linalg.eigh(cp.asarray(K, dtype=cp.float64))
        self.S = cp.maximum(S, 0.0)
        self.U = U
        self.Uy = U.T @ y_dev
        self.UX = U.T @ cp.asarray(X)
        self._ll = None
        self.delta = self.fit_delta()

    def _ll_host(self, n: int) -> np.ndarray:
        if self._ll is None:
            self._ll = cupyx.empty_pinned((n,), dtype=np.float64)
        return self._ll

    def fit_delta(self, grid=np.logspace(-5, 5, 101)) -> float:
        lls = cp.empty(len(grid))
        for i, d in enumerate(grid):
            w = 1.0 / (self.S + d)
            XtWX = (self.UX * w[:, None]).T @ self.UX
            beta = cp.linalg.solve(XtWX, (self.UX * w[:, None]).T @ self.Uy)
            r = self.Uy - self.UX @ beta
            sig2 = float((r * r * w).sum()) / self.n
            lls[i] = -0.5 * (self.n * math.log(2 * math.pi * sig2) + cp.log(self.S + d).sum() + self.n)
        host = self._ll_host(len(grid))
        lls.get(out=host)
        return float(grid[int(np.argmax(host))])

    def refit(self, K: np.ndarray) -> None:
        """Leave-one-chromosome-out: new kinship, same phenotype and covariates."""
        S, U = cp.linalg.eigh(cp.asarray(K, dtype=cp.float64))
        self.S, self.U = cp.maximum(S, 0.0), U
        self.Uy = U.T @ (self.U @ self.Uy)
        self.delta = self.fit_delta()

    def init_maf_buffer(self, n: int) -> np.ndarray:
        return cupyx.zeros_pinned(n, dtype=np.float64)

    def test_block(self, G: cp.ndarray) -> tuple[cp.ndarray, np.ndarray]:
        """G: (snps, samples) dosages. Returns (beta, se, p) per SNP on the device and the
        host mask of SNPs that passed the MAF filter."""
        mean = cp.nanmean(G, axis=1)
        maf = cp.minimum(mean, 2.0 - mean) / 2.0
        maf_h = self.init_maf_buffer(G.shape[0])
        maf.get(out=maf_h)
        keep = maf_h >= self.min_maf
        G = cp.where(cp.isnan(G), mean[:, None], G) - mean[:, None]
        UG = G @ self.U
        w = 1.0 / (self.S + self.delta)
        num = (UG * w) @ self.Uy
        den = (UG * UG * w).sum(axis=1)
        beta = num / den
        resid = ((self.Uy * self.Uy * w).sum() - beta * num) / (self.n - self.UX.shape[1] - 1)
        se = cp.sqrt(resid / den)
        p = sps.chdtrc(1, (beta / se) ** 2)
        return cp.stack([beta, se, p], axis=1), keep
