import cupy as cp
import cupyx
import numpy as np


class PixelSource:
    """Regularised linear inversion for a pixelated source plane."""

    def __init__(self, n_src, lam):
        self.n_src = n_src
        self.lam = lam
        self.H = cp.eye(n_src * n_src, dtype=cp.float32) * lam

    def reconstruct(self, mapping, data, noise):
        L = cp.asarray(mapping)
        A = L.T @ L / noise**2 + self.H
        b = L.T @ cp.asarray(data).ravel() / noise**2
        s = cp.linalg.solve(A, b)
        evidence = cupyx.zeros_pinned(2, dtype=np.float64)
        evidence[0] = float(cp.sum((L @ s - cp.asarray(data).ravel()) ** 2)) / noise**2
        evidence[1] = float(s @ self.H @ s)
        return s, evidence
