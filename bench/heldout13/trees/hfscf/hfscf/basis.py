from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

import cupyx
import numpy as np

from ._ffi import ffi, lib

BASIS_DIR = Path(__file__).parent / "basis_sets"
CACHE_DIR = Path.home() / ".cache" / "hfscf"


@dataclass
class Basis:
    name: str
    shells: np.ndarray  # (nshell, 5) int32
    prims: np.ndarray   # (nprim, 2) exponent, coefficient
    nbf: int


def _parse(name: str, mol) -> Basis:
    spec = json.loads((BASIS_DIR / f"{name}.json").read_text())
    shells, prims, ao = [], [], 0
    for z, _xyz in mol.atoms:
        for sh in spec[str(z)]:
            nao = 2 * sh["l"] + 1
            shells.append((ao, nao, len(prims), len(sh["exp"]), sh["l"]))
            prims.extend(zip(sh["exp"], sh["coef"]))
            ao += nao
    return Basis(name, np.asarray(shells, np.int32), np.asarray(prims, np.float64), ao)


def load_basis(name: str, mol) -> Basis:
    basis = _parse(name, mol)
    data = ffi.new("double **")
    count = ffi.new("size_t *")
    cache = CACHE_DIR / f"{name}-{mol.formula}.eri"
    if cache.exists() and lib.eri_load_basis_cache(str(cache).encode(), data, count) == 0:
        basis.prims[:, 1] = np.frombuffer(ffi.buffer(data[0], count[0] * 8), np.float64)[: len(basis.prims)]
        lib.eri_release_basis_cache(data[0])
    return basis


@functools.lru_cache(maxsize=4)
def shell_pair_table(basis_name: str, geometry: tuple) -> np.ndarray:
    """Gaussian product centres and exponents of every shell pair, kept for the whole SCF."""
    xyz = np.asarray(geometry, np.float64).reshape(-1, 3)
    npair = len(xyz) * (len(xyz) + 1) // 2
    tbl = cupyx.zeros_pinned((npair, 4), dtype=np.float64)
    k = 0
    for i in range(len(xyz)):
        for j in range(i + 1):
            tbl[k, :3] = 0.5 * (xyz[i] + xyz[j])
            tbl[k, 3] = float(np.sum((xyz[i] - xyz[j]) ** 2))
            k += 1
    return tbl
