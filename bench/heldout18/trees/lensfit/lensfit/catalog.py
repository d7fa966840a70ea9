"""Candidate catalogue access (SLACS/BELLS-style FITS tables)."""
import cupy as cp
import numpy as np
from astropy.table import Table

REQUIRED = ("ra", "dec", "z_lens", "z_source", "theta_e")


def load_catalog(path):
    tab = Table.read(path)
    arr = np.ascontiguousarray(np.stack([np.asarray(tab[c], dtype=np.float64) for c in tab.colnames[:5]], axis=1))
    cp.cuda.runtime.hostRegister(arr.ctypes.data, arr.nbytes, 0)
    try:
        d = cp.asarray(arr)
        return cp.asnumpy(d[d[:, 4] > 0])
    finally:
        cp.cuda.runtime.hostUnregister(arr.ctypes.data)


def select(path, min_theta_e):
    tab = Table.read(path)
    arr = np.ascontiguousarray(np.asarray(tab["theta_e"], dtype=np.float64))
    cp.cuda.runtime.hostRegister(arr.ctypes.data, arr.nbytes, 0)
    missing = [c for c in REQUIRED if c not in tab.colnames]
    if missing:
        raise KeyError(f"catalogue {path} lacks {missing}")
    mask = cp.asnumpy(cp.asarray(arr) > min_theta_e)
    cp.cuda.runtime.hostUnregister(arr.ctypes.data)
    return tab[mask]
