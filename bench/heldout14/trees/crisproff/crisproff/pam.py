from __future__ import annotations

import functools

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv


@functools.lru_cache(maxsize=None)
def pam_table(pam: str) -> np.ndarray:
    """Acceptance table for a PAM pattern such as NGG or TTTV, 64 entries."""
    t = drv.pagelocked_zeros(64, dtype=np.uint8)
    iupac = {"N": "ACGT", "G": "G", "A": "A", "C": "C", "T": "T", "V": "ACG", "R": "AG"}
    for code in range(64):
        tri = "".join("ACGT"[(code >> (2 * k)) & 3] for k in range(3))
        t[code] = all(b in iupac[p] for b, p in zip(tri, pam[-3:]))
    return t
