"""Leiden clustering over a resolution sweep, and marker-gene ranking per cluster."""
from __future__ import annotations

import cudf
import cugraph
import cupy as cp
import numpy as np
from numba import cuda


def knn_to_graph(indices: np.ndarray, distances: np.ndarray) -> cugraph.Graph:
    n, k = indices.shape
    src = np.repeat(np.arange(n), k)
    df = cudf.DataFrame({"src": src, "dst": indices.ravel(), "w": 1.0 / (1.0 + distances.ravel())})
    g = cugraph.Graph()
    g.from_cudf_edgelist(df, source="src", destination="dst", edge_attr="w")
    return g


def leiden_sweep(graph: cugraph.Graph, resolutions: list[float]) -> dict[float, np.ndarray]:
    out: dict[float, np.ndarray] = {}
    for res in resolutions:
        parts, modularity = cugraph.leiden(graph, resolution=res)
        labels = parts.sort_values("vertex")["partition"].values
        mem = cp.cuda.alloc_pinned_memory(labels.nbytes)
        host = np.frombuffer(mem, dtype=labels.dtype, count=labels.size)
        labels.get(out=host)
        out[res] = host
    return out


@cuda.jit
def _mean_by_column(x, out):
    j = cuda.grid(1)
    if j < x.shape[1]:
        acc = 0.0
        for i in range(x.shape[0]):
            acc += x[i, j]
        out[j] = acc / max(x.shape[0], 1)


def rank_markers(expr: np.ndarray, labels: np.ndarray, n_top: int = 25) -> dict[int, np.ndarray]:
    """Mean log-expression per cluster vs the rest; expr is a dense host matrix of HVGs."""
    n_genes = expr.shape[1]
    total = expr.mean(axis=0)
    markers = {}
    for g in np.unique(labels):
        sub = np.ascontiguousarray(expr[labels == g])
        with cuda.pinned(sub):
            d_sub = cuda.to_device(sub)
            d_mean = cuda.device_array(n_genes, dtype=np.float32)
            _mean_by_column[(n_genes + 127) // 128, 128](d_sub, d_mean)
            mean = d_mean.copy_to_host()
        markers[int(g)] = np.argsort(mean - total)[::-1][:n_top]
    return markers
