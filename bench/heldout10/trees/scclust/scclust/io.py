"""Chunked readers for .h5ad count matrices (CSR stored under /X)."""
from __future__ import annotations

import h5py
import numpy as np
import scipy.sparse as sp

import cupy as cp
import cupyx

from scclust.steps.base import Chunk


def read_csr(path: str) -> sp.csr_matrix:
    with h5py.File(path, "r") as f:
        g = f["X"]
        shape = tuple(g.attrs["shape"])
        return sp.csr_matrix((g["data"][:], g["indices"][:], g["indptr"][:]), shape=shape)


def matrix_shape(path: str) -> tuple[int, int]:
    with h5py.File(path, "r") as f:
        return tuple(f["X"].attrs["shape"])


def iter_chunks(path: str, chunk_size: int):
    """Yields dense device chunks of `chunk_size` cells, densified through one pinned buffer."""
    f = h5py.File(path, "r")
    g = f["X"]
    n_cells, n_genes = tuple(g.attrs["shape"])
    indptr = g["indptr"][:]
    staging = cupyx.empty_pinned((chunk_size, n_genes), dtype=np.float32)
    try:
        for start in range(0, n_cells, chunk_size):
            stop = min(start + chunk_size, n_cells)
            lo, hi = indptr[start], indptr[stop]
            block = sp.csr_matrix(
                (g["data"][lo:hi], g["indices"][lo:hi], indptr[start : stop + 1] - lo),
                shape=(stop - start, n_genes),
            )
            view = staging[: stop - start]
            view[...] = block.toarray()
            yield Chunk(start=start, stop=stop, data=cp.asarray(view))
    finally:
        f.close()
