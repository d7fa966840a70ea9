from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


def migrate_demes(genotypes: list[cp.ndarray], rates: np.ndarray, rng: np.random.Generator) -> int:
    """Island-model exchange between every ordered pair of demes. Each deme may live on its own
    GPU, so migrants travel through host memory."""
    moved = 0
    d = len(genotypes)
    for i in range(d):
        for j in range(d):
            if i == j or rates[i, j] == 0.0:
                continue
            n_src, n_dst = genotypes[i].shape[0], genotypes[j].shape[0]
            n_mig = min(int(rng.binomial(n_src, rates[i, j])), n_dst)
            if n_mig == 0:
                continue
            src = rng.choice(n_src, n_mig, replace=False)
            dst = rng.choice(n_dst, n_mig, replace=False)
            staged = cupyx.zeros_pinned((n_mig, genotypes[i].shape[1]), dtype=np.uint8)
            with genotypes[i].device:
                genotypes[i][cp.asarray(src)].get(out=staged)
            with genotypes[j].device:
                genotypes[j][cp.asarray(dst)] = cp.asarray(staged)
            moved += n_mig
    return moved
