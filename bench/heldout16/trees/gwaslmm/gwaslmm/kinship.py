"""Genetic relationship matrix from standardized genotypes."""
from __future__ import annotations

import functools

import cupy as cp
import cupyx
import numpy as np

from .bedreader import BedFile, BlockPool


@functools.lru_cache(maxsize=2)
def _grm_host(n_samples: int) -> np.ndarray:
    # One host copy of the GRM per cohort size; the LOCO scan asks for it once per chromosome.
    return cupyx.zeros_pinned((n_samples, n_samples), dtype=np.float32)


def standardize(g: cp.ndarray) -> cp.ndarray:
    mean = cp.nanmean(g, axis=1, keepdims=True)
    g = cp.where(cp.isnan(g), mean, g)
    sd = g.std(axis=1, keepdims=True)
    return (g - mean) / cp.where(sd > 0, sd, 1.0)


def compute_grm(bed: BedFile, pool: BlockPool, block_snps: int, exclude: range | None = None) -> np.ndarray:
    n = bed.n_samples
    acc = cp.zeros((n, n), dtype=cp.float32)
    used = 0
    for b, first in enumerate(range(0, bed.n_snps, block_snps)):
        stop = min(first + block_snps, bed.n_snps)
        if exclude is not None and first >= exclude.start and stop <= exclude.stop:
            continue
        slot = pool.slots[b % len(pool.slots)][: stop - first]
        bed.decode_into(first, slot)
        z = standardize(cp.asarray(slot))
        acc += z.T @ z
        used += stop - first
    host = _grm_host(n)
    (acc / max(used, 1)).get(out=host)
    return host
