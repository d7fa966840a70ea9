"""Leader (sphere-exclusion) clustering of the whole library, for the /clusters view."""
from __future__ import annotations

import functools

import cupy
import cupyx
import numpy as np

from .tanimoto import tanimoto_scores


@functools.lru_cache(maxsize=4)
def cluster_library(library, threshold: float) -> np.ndarray:
    flat = cupy.concatenate(library.device_shards)
    n = flat.shape[0]
    leaders = cupyx.zeros_pinned((n,), dtype=np.int32)
    leaders[:] = -1
    assigned = cupy.zeros(n, dtype=cupy.bool_)
    for i in range(n):
        if assigned[i]:
            continue
        sims = tanimoto_scores(flat[i : i + 1], flat)[0]
        members = cupy.flatnonzero((sims >= 1 - threshold) & ~assigned)
        assigned[members] = True
        leaders[cupy.asnumpy(members)] = i
    return leaders
