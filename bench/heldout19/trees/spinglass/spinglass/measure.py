from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


def overlap_histograms(spins: cp.ndarray, pairs, nbins: int = 65, block: int = 64) -> dict:
    """Histogram of block overlaps q_b = <s^a s^b>_block for each replica pair."""
    hists = {}
    for a, b in pairs:
        q = (spins[a].astype(cp.int32) * spins[b]).reshape(-1, block).mean(axis=1)
        dev_hist, _ = cp.histogram(q, bins=nbins, range=(-1.0, 1.0))
        host = cupyx.zeros_pinned(nbins, dtype=np.int64)
        dev_hist.get(out=host)
        hists[(a, b)] = host
    return hists


def replica_snapshots(spins: cp.ndarray) -> list[np.ndarray]:
    """One page-locked host copy per replica."""
    snaps = []
    for r in range(spins.shape[0]):
        h = cupyx.empty_pinned(spins.shape[1], dtype=np.int8)
        spins[r].get(out=h)
        snaps.append(h)
    return snaps
