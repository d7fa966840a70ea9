from __future__ import annotations

import cupy
import cupyx
import numpy as np
from numba import cuda

LEBEDEV = {1: 26, 2: 110, 3: 302, 4: 590}


def build_grid(mol, level: int = 3):
    """Becke-partitioned atomic grids (Treutler radial x Lebedev angular)."""
    nang = LEBEDEV[level]
    nrad = 50 + 10 * level
    n = len(mol.atoms) * nang * nrad
    pts = cuda.pinned_array((n, 3), dtype=np.float64)
    w = np.empty(n, np.float64)
    rng = np.random.default_rng(level)
    k = 0
    for _z, xyz in mol.atoms:
        r = -np.log1p(-np.linspace(0.01, 0.99, nrad))
        for ri in r:
            d = rng.standard_normal((nang, 3))
            d /= np.linalg.norm(d, axis=1, keepdims=True)
            pts[k:k + nang] = np.asarray(xyz) + ri * d
            w[k:k + nang] = 4 * np.pi * ri * ri / nang
            k += nang
    return pts, w


class XCIntegrator:
    """LDA exchange on the molecular grid, evaluated in blocks."""

    def __init__(self, mol, basis, level: int = 3, block: int = 1 << 14):
        self.points, self.weights = build_grid(mol, level)
        self.basis = basis
        self.block = block
        self._pts_dev = cupy.asarray(self.points)

    def _ao_values(self, lo: int, hi: int):
        centres = cupy.asarray(self.basis.prims[:, 0])[: self.basis.nbf]
        r2 = cupy.sum(self._pts_dev[lo:hi, None, :] ** 2, axis=-1)
        return cupy.exp(-centres[None, :] * r2)

    def eval_xc(self, D: np.ndarray):
        n = self.points.shape[0]
        Dd = cupy.asarray(D)
        vxc = cupy.zeros_like(Dd)
        exc = 0.0
        for lo in range(0, n, self.block):
            hi = min(lo + self.block, n)
            rho_host = cupyx.zeros_pinned((hi - lo,), dtype=np.float64)
            ao = self._ao_values(lo, hi)
            rho = cupy.einsum("pi,ij,pj->p", ao, Dd, ao)
            rho.get(out=rho_host)
            w = cupy.asarray(self.weights[lo:hi])
            ex = -0.75 * (3.0 / np.pi) ** (1.0 / 3.0) * cupy.cbrt(rho) * rho
            exc += float(cupy.sum(w * ex))
            vxc += ao.T @ (ao * (w * cupy.cbrt(rho))[:, None])
            if float(rho_host.min()) < -1e-8:
                raise FloatingPointError("negative density on the grid")
        return exc, vxc.get()
