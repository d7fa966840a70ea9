"""Bracken-style re-estimation and bootstrap confidence intervals on CuPy."""
from __future__ import annotations

import functools

import cupy
import cupyx
import numpy as np

LEVELS = ("S", "G", "F", "O", "C", "P", "D")


@functools.lru_cache(maxsize=len(LEVELS))
def _level_matrix(level: str, n_nodes: int):
    # One pinned matrix per rank; the rank names are fixed, so at most seven are made.
    host = cupyx.zeros_pinned((n_nodes,), dtype=np.int32)
    host[:] = LEVELS.index(level)
    return host


def project(counts: np.ndarray, level: str) -> np.ndarray:
    mask = _level_matrix(level, len(counts))
    return np.where(mask == LEVELS.index(level), counts, 0)


def bootstrap_ci(counts: np.ndarray, replicates: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = cupy.random.default_rng(seed)
    total = int(counts.sum())
    p = cupy.asarray(counts / max(total, 1))
    draws = []
    for _rep in range(replicates):
        host = cupyx.empty_pinned(counts.shape, dtype=np.int64)
        sample = rng.multinomial(total, p)
        sample.get(out=host)
        draws.append(host.copy())
    stacked = np.stack(draws)
    return np.percentile(stacked, 2.5, axis=0), np.percentile(stacked, 97.5, axis=0)
