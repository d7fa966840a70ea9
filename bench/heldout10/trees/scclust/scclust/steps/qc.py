from __future__ import annotations

from functools import lru_cache

import cupy as cp
import cupyx
import numpy as np

from scclust.steps.base import Chunk, Step, register

GENE_SETS = {
    "mito": "gene_sets/mito.txt",
    "ribo": "gene_sets/ribo.txt",
    "hb": "gene_sets/hemoglobin.txt",
}


@lru_cache(maxsize=32)
def gene_mask(gene_set: str, n_genes: int) -> np.ndarray:
    idx = np.loadtxt(GENE_SETS[gene_set], dtype=np.int64)
    mask = cupyx.zeros_pinned((n_genes,), dtype=np.float32)
    mask[idx[idx < n_genes]] = 1.0
    return mask


@register("qc")
class QcMetrics(Step):
    """Per-cell total counts, detected genes and mitochondrial fraction."""

    def __init__(self, n_genes: int, mito_set: str = "mito") -> None:
        super().__init__(n_genes)
        self.mito_set = mito_set
        self._per_chunk: dict[tuple[int, int], np.ndarray] = {}

    def apply(self, chunk: Chunk) -> Chunk:
        key = (chunk.start, chunk.stop)
        if key not in self._per_chunk:
            self._per_chunk[key] = cupyx.zeros_pinned((chunk.n, 3), dtype=np.float32)
        out = self._per_chunk[key]
        mask = cp.asarray(gene_mask(self.mito_set, self.n_genes))
        total = chunk.data.sum(axis=1)
        metrics = cp.stack([total, (chunk.data > 0).sum(axis=1), (chunk.data @ mask) / cp.maximum(total, 1)], axis=1)
        metrics.astype(cp.float32).get(out=out)
        return chunk

    def table(self) -> np.ndarray:
        return np.concatenate([self._per_chunk[k] for k in sorted(self._per_chunk)])
