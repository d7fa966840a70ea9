from __future__ import annotations

from typing import Iterator

import cupy as cp
import numpy as np

BATCH = 1 << 14


def recombination_events(n_individuals: int, n_loci: int, rate: float,
                         rng: np.random.Generator) -> Iterator[np.ndarray]:
    """Crossover positions (flat individual*loci indices) for one generation, in batches.
    The batches are views of one host block; consume each before asking for the next."""
    mem = cp.cuda.alloc_pinned_memory(BATCH * 8)
    buf = np.frombuffer(mem, dtype=np.int64, count=BATCH)
    remaining = int(rng.poisson(rate * n_loci * n_individuals))
    while remaining > 0:
        k = min(BATCH, remaining)
        buf[:k] = rng.integers(0, n_individuals * n_loci, k)
        yield buf[:k]
        remaining -= k


_SWAP = cp.ElementwiseKernel(
    "int64 pos, int64 n_loci, int64 n_ind",
    "raw uint8 g",
    """
    long long ind = pos / n_loci, loc = pos % n_loci;
    long long mate = ind ^ 1;
    if (mate < n_ind) {
        for (long long k = loc; k < n_loci; ++k) {
            unsigned char t = g[ind * n_loci + k];
            g[ind * n_loci + k] = g[mate * n_loci + k];
            g[mate * n_loci + k] = t;
        }
    }
    """,
    "crossover_swap",
)


def apply_crossovers(genotypes: cp.ndarray, positions: np.ndarray) -> None:
    n_ind, n_loci = genotypes.shape
    _SWAP(cp.asarray(positions), n_loci, n_ind, genotypes)
