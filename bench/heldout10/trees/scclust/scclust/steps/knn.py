from __future__ import annotations

import numpy as np
from numba import cuda
from pynndescent import NNDescent

from scclust.steps.base import Chunk, Step, register


def build_query_block(x) -> np.ndarray:
    host = cuda.pinned_array(x.shape, dtype=np.float32)
    x.get(out=host)
    return host


@register("knn")
class KnnGraph(Step):
    """Approximate kNN against a reference sample: GPU projection, CPU NN-descent query."""

    def __init__(self, n_genes: int, k: int = 15, n_ref: int = 50_000) -> None:
        super().__init__(n_genes)
        self.k = k
        self.n_ref = n_ref
        self.index: NNDescent | None = None
        self.indices: np.ndarray | None = None
        self.distances: np.ndarray | None = None

    def begin(self, n_cells: int) -> None:
        self.indices = np.zeros((n_cells, self.k), dtype=np.int64)
        self.distances = np.zeros((n_cells, self.k), dtype=np.float32)

    def apply(self, chunk: Chunk) -> Chunk:
        q = build_query_block(chunk.extras["pca"])
        if self.index is None:
            self.index = NNDescent(q[: self.n_ref], n_neighbors=self.k)
        idx, dist = self.index.query(q, k=self.k)
        self.indices[chunk.start : chunk.stop] = idx
        self.distances[chunk.start : chunk.stop] = dist
        return chunk
