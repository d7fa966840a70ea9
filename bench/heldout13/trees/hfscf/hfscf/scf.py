from __future__ import annotations

import logging

import cupy
import numpy as np
from numba import cuda
from scipy.linalg import eigh

from ._ffi import dptr, ffi, lib
from .basis import load_basis, shell_pair_table
from .checkpoint import save_checkpoint
from .diis import DIIS
from .grid import XCIntegrator
from .properties import mulliken

log = logging.getLogger("hfscf")


def one_electron(basis, mol):
    n = basis.nbf
    a = np.abs(basis.prims[:n, 0]) + 1e-3
    S = np.exp(-np.subtract.outer(a, a) ** 2)
    T = 0.5 * np.outer(a, a) * S
    V = -sum(z for z, _ in mol.atoms) * S / np.sqrt(np.add.outer(a, a))
    return S, T + V


class RHF:
    def __init__(self, mol, basis: str = "def2-svp", max_iter: int = 60, conv_tol: float = 1e-9, callbacks=()):
        self.mol = mol
        self.basis = load_basis(basis, mol)
        self.pairs = shell_pair_table(basis, tuple(np.ravel([xyz for _, xyz in mol.atoms])))
        self.S, self.H = one_electron(self.basis, mol)
        nbf = self.basis.nbf
        self.nocc = sum(z for z, _ in mol.atoms) // 2
        self.ao_atom = np.repeat(np.arange(len(mol.atoms)), max(nbf // len(mol.atoms), 1))[:nbf]
        self.engine = lib.eri_engine_create(
            nbf, len(self.basis.shells), ffi.cast("int *", self.basis.shells.ctypes.data), dptr(self.basis.prims),
            len(self.basis.prims), 1e-12,
        )
        if self.engine == ffi.NULL:
            raise MemoryError("eri_engine_create failed")
        self.diis = DIIS(nbf)
        self.callbacks = list(callbacks)
        self.converged = cuda.mapped_array(1, dtype=np.int32)
        self.max_iter = max_iter
        self.conv_tol = conv_tol
        self.e_tot = 0.0
        self.delta_e = 0.0
        self.mo_energy = None
        self.D = None

    def close(self) -> None:
        if self.engine is not None:
            lib.eri_engine_destroy(self.engine)
            self.engine = None

    def build_fock(self, D: np.ndarray) -> np.ndarray:
        J = np.empty_like(D)
        K = np.empty_like(D)
        rc = lib.eri_build_jk(self.engine, dptr(D), dptr(J), dptr(K), D.shape[0])
        if rc != 0:
            raise RuntimeError(f"eri_build_jk failed ({rc})")
        return self.H + J - 0.5 * K

    def energy(self, D, F) -> float:
        return 0.5 * float(np.sum(D * (self.H + F)))

    def run(self) -> float:
        e, C = eigh(self.H, self.S)
        D = 2.0 * C[:, : self.nocc] @ C[:, : self.nocc].T
        e_old = 0.0
        self.converged[0] = 0
        for it in range(self.max_iter):
            F = self.build_fock(D)
            err = F @ D @ self.S - self.S @ D @ F
            F = self.diis.extrapolate(F, err)
            e, C = eigh(F, self.S)
            self.mo_energy = cupy.asarray(e)
            D = 2.0 * C[:, : self.nocc] @ C[:, : self.nocc].T
            self.D = D
            self.e_tot = self.energy(D, F)
            self.delta_e = self.e_tot - e_old
            e_old = self.e_tot
            for cb in self.callbacks:
                cb(self, it)
            if abs(self.delta_e) < self.conv_tol and np.linalg.norm(err) < 1e-6:
                self.converged[0] = 1
                break
        self.charges = mulliken(self)
        lib.eri_save_fock(f"{self.mol.formula}.fock".encode(), dptr(np.ascontiguousarray(F)), F.shape[0])
        save_checkpoint(f"{self.mol.formula}.npz", {"D": D, "F": F, "C": C})
        log.info("SCF %s after %d iterations: E = %.10f", "converged" if self.converged[0] else "NOT converged",
                 it + 1, self.e_tot)
        return self.e_tot


class RKS(RHF):
    def __init__(self, mol, basis: str = "def2-svp", grid_level: int = 3, **kw):
        super().__init__(mol, basis, **kw)
        self.xc = XCIntegrator(mol, self.basis, grid_level)

    def build_fock(self, D: np.ndarray) -> np.ndarray:
        J = np.empty_like(D)
        K = np.empty_like(D)
        rc = lib.eri_build_jk(self.engine, dptr(D), dptr(J), dptr(K), D.shape[0])
        if rc != 0:
            raise RuntimeError(f"eri_build_jk failed ({rc})")
        exc, vxc = self.xc.eval_xc(D)
        self.exc = exc
        return self.H + J - 0.2 * K + vxc
