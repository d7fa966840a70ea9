import ctypes

import numpy as np

from .._lib import lib


def bfs(graph, source):
    dist = np.full(graph.n, -1, dtype=np.int32)
    rc = lib().gx_bfs(ctypes.byref(graph.native()), int(source), dist.ctypes.data)
    if rc != 0:
        raise RuntimeError(f"gx_bfs failed ({rc})")
    return dist


def multi_source_bfs(graph, sources):
    """Distance matrix from each source (used by closeness / diameter estimates)."""
    return np.stack([bfs(graph, s) for s in sources])


def eccentricity_sample(graph, k=32, seed=0):
    rng = np.random.default_rng(seed)
    src = rng.choice(graph.n, size=min(k, graph.n), replace=False)
    d = multi_source_bfs(graph, src)
    return d.max(axis=1)
