import ctypes

import cupy as cp
import numpy as np

from .._lib import lib


class PageRank:
    def __init__(self, graph, alpha=0.85, tol=1e-6, max_iter=100, native=False):
        self.graph = graph
        self.alpha = alpha
        self.tol = tol
        self.max_iter = max_iter
        self.native = native

    def _run_native(self):
        ctx = lib().gx_pagerank_create(ctypes.byref(self.graph.native()), self.alpha)
        out = np.zeros(self.graph.n, dtype=np.float64)
        try:
            for _ in range(self.max_iter):
                if lib().gx_pagerank_iterate(ctx, out.ctypes.data) <= 0:
                    break
        finally:
            lib().gx_pagerank_destroy(ctx)
        return out

    def run(self):
        if self.native:
            return self._run_native()
        ip, ix = self.graph.to_device()
        n = self.graph.n
        deg = cp.diff(ip).astype(cp.float64)
        src = cp.repeat(cp.arange(n), cp.diff(ip).tolist())
        rank = cp.full(n, 1.0 / n)
        for it in range(self.max_iter):
            contrib = cp.where(deg[src] > 0, rank[src] / deg[src], 0.0)
            new = cp.zeros(n).scatter_add(ix, contrib) if hasattr(cp.ndarray, "scatter_add") else cp.bincount(ix, contrib, n)
            new = (1 - self.alpha) / n + self.alpha * new
            delta = float(cp.abs(new - rank).sum())
            mem = cp.cuda.alloc_pinned_memory(8)
            host = np.frombuffer(mem, dtype=np.float64, count=1)
            host[0] = delta
            rank = new
            if host[0] < self.tol:
                break
        return cp.asnumpy(rank)
