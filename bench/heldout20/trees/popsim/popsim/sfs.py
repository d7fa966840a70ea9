from __future__ import annotations

import numpy as np
from numba import cuda


@cuda.jit
def _derived_counts(g, lo, counts):
    k = cuda.grid(1)
    if k >= counts.shape[0]:
        return
    c = 0
    for i in range(g.shape[0]):
        c += g[i, lo + k]
    counts[k] = c


def site_frequency_spectrum(genotypes, n_samples: int, window: int = 8192) -> np.ndarray:
    """Unfolded SFS over the first n_samples haplotypes, computed window by window."""
    sample = genotypes[:n_samples]
    n_loci = sample.shape[1]
    sfs = np.zeros(n_samples + 1, dtype=np.int64)
    d_counts = cuda.device_array(window, dtype=np.int32)
    for lo in range(0, n_loci, window):
        w = min(window, n_loci - lo)
        counts = cuda.pinned_array(w, dtype=np.int32)
        _derived_counts[(w + 127) // 128, 128](sample, lo, d_counts[:w])
        d_counts[:w].copy_to_host(counts)
        sfs += np.bincount(counts, minlength=n_samples + 1)[: n_samples + 1]
    return sfs
