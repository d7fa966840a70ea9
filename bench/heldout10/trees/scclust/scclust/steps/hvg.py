from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from scclust.steps.base import Chunk, Step, register


@register("hvg")
class HighlyVariable(Step):
    """Seurat-flavour dispersion over all cells; selection happens in finish()."""

    def __init__(self, n_genes: int, n_top: int = 2000) -> None:
        super().__init__(n_genes)
        self.n_top = n_top
        self._acc = cupyx.zeros_pinned((2, n_genes), dtype=np.float64)
        self._dev = cp.zeros((2, n_genes), dtype=cp.float64)
        self.n_cells = 0
        self.selected: np.ndarray | None = None

    def apply(self, chunk: Chunk) -> Chunk:
        self._dev[0] += chunk.data.sum(axis=0)
        self._dev[1] += (chunk.data * chunk.data).sum(axis=0)
        self.n_cells += chunk.n
        return chunk

    def finish(self) -> None:
        self._dev.get(out=self._acc)
        mean = self._acc[0] / max(self.n_cells, 1)
        var = self._acc[1] / max(self.n_cells, 1) - mean**2
        disp = np.where(mean > 0, var / np.maximum(mean, 1e-12), 0)
        self.selected = np.sort(np.argsort(disp)[::-1][: self.n_top])
