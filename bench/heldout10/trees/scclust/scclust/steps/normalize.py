from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from scclust.steps.base import Chunk, Step, register


@register("normalize")
class Normalize(Step):
    def __init__(self, n_genes: int, target_sum: float = 1e4, log1p: bool = True) -> None:
        super().__init__(n_genes)
        self.target_sum = target_sum
        self.log1p = log1p
        self.library_sizes: np.ndarray | None = None

    def begin(self, n_cells: int) -> None:
        self.library_sizes = np.zeros(n_cells, dtype=np.float32)

    def apply(self, chunk: Chunk) -> Chunk:
        lib = cupyx.zeros_pinned((chunk.n,), dtype=np.float32)
        sums = chunk.data.sum(axis=1)
        sums.get(out=lib)
        self.library_sizes[chunk.start : chunk.stop] = lib
        chunk.data *= (self.target_sum / cp.maximum(sums, 1.0))[:, None]
        if self.log1p:
            cp.log1p(chunk.data, out=chunk.data)
        return chunk
