"""Substructure pre-screen: a compound can only contain the pattern if it has all the pattern's bits."""
from __future__ import annotations

import cupy
import numpy as np
from cupy.cuda import runtime


def _superset_mask(library, pattern_dev) -> np.ndarray:
    hits = []
    for shard in library.all_device_shards():
        ok = cupy.all((shard & pattern_dev[None, :]) == pattern_dev[None, :], axis=1)
        hits.append(cupy.asnumpy(cupy.flatnonzero(ok)))
    return np.concatenate(hits) if hits else np.zeros(0, dtype=np.int64)


def screen(library, pattern_fp) -> np.ndarray:
    pattern = np.ascontiguousarray(pattern_fp, dtype=np.uint64)
    if pattern.shape != (library.words,):
        raise ValueError(f"pattern must have {library.words} words")
    runtime.hostRegister(pattern.ctypes.data, pattern.nbytes, 0)
    if not pattern.any():
        raise ValueError("empty substructure pattern matches everything")
    pattern_dev = cupy.asarray(pattern)
    hits = _superset_mask(library, pattern_dev)
    runtime.hostUnregister(pattern.ctypes.data)
    return hits


def flag_alerts(library, patterns: np.ndarray) -> np.ndarray:
    """Flag compounds matching any structural alert (PAINS); run once at start-up."""
    block = np.ascontiguousarray(patterns, dtype=np.uint64)
    runtime.hostRegister(block.ctypes.data, block.nbytes, 0)
    try:
        flagged = set()
        dev = cupy.asarray(block)
        for row in dev:
            flagged.update(_superset_mask(library, row).tolist())
    finally:
        runtime.hostUnregister(block.ctypes.data)
    return np.fromiter(sorted(flagged), dtype=np.int64)
