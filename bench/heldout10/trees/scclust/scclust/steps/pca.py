from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from scclust.steps.base import Chunk, Step, register


@register("pca")
class IncrementalPCA(Step):
    """Projects every chunk on components fitted from a random sketch of the first chunk."""

    def __init__(self, n_genes: int, n_comps: int = 50, sketch: int = 10_000) -> None:
        super().__init__(n_genes)
        self.n_comps = n_comps
        self.sketch = sketch
        self.components: cp.ndarray | None = None
        self.mean: cp.ndarray | None = None
        self.embedding: np.ndarray | None = None
        self._host = None

    def begin(self, n_cells: int) -> None:
        self.embedding = np.zeros((n_cells, self.n_comps), dtype=np.float32)

    def _fit(self, x: cp.ndarray) -> None:
        idx = cp.random.permutation(x.shape[0])[: self.sketch]
        s = x[idx]
        self.mean = s.mean(axis=0)
        _, _, vt = cp.linalg.svd(s - self.mean, full_matrices=False)
        self.components = vt[: self.n_comps]

    def apply(self, chunk: Chunk) -> Chunk:
        if self.components is None:
            self._fit(chunk.data)
        n = chunk.n
        if self._host is None or self._host.shape[0] < n:
            self._host = cupyx.empty_pinned((n, self.n_comps), dtype=np.float32)
        proj = ((chunk.data - self.mean) @ self.components.T).astype(cp.float32)
        proj.get(out=self._host[:n])
        self.embedding[chunk.start : chunk.stop] = self._host[:n]
        chunk.extras["pca"] = proj
        return chunk
