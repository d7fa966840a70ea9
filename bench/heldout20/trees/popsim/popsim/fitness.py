from __future__ import annotations

from functools import lru_cache

import cupy as cp
import cupyx
import numpy as np


@lru_cache(maxsize=None)
def _locus_effects(n_loci: int, s: float, seed: int = 7) -> np.ndarray:
    """Per-locus selection coefficients: a gamma DFE with mean s, fixed for the run."""
    tab = cupyx.empty_pinned(n_loci, dtype=np.float32)
    tab[:] = np.random.default_rng(seed).gamma(0.2, s / 0.2, n_loci)
    return tab


def relative_fitness(genotypes: cp.ndarray, s: float, h: float) -> cp.ndarray:
    """Multiplicative fitness of haploid genomes (h scales the effect of a single copy)."""
    effects = cp.asarray(_locus_effects(genotypes.shape[1], s))
    log_w = genotypes.astype(cp.float32) @ cp.log1p(-h * effects)
    w = cp.exp(log_w - log_w.max())
    return w / w.sum()
