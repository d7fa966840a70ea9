from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


class ContactBinner:
    """Accumulates contacts of one chromosome set into dense per-chromosome count matrices."""

    def __init__(self, chrom_sizes: dict[str, int], resolution: int, chunk_rows: int):
        self.resolution = resolution
        self.chunk_rows = chunk_rows
        self.offsets: dict[str, int] = {}
        total = 0
        for c, size in chrom_sizes.items():
            self.offsets[c] = total
            total += size // resolution + 1
        self.n_bins = total
        self.counts = cp.zeros((total, total), dtype=cp.float32)
        self._ids: np.ndarray | None = None

    def _id_buffer(self, n: int) -> np.ndarray:
        if self._ids is None or self._ids.shape[0] < n:
            self._ids = cupyx.empty_pinned((max(n, self.chunk_rows), 2), dtype=np.int64)
        return self._ids[:n]

    def add_chunk(self, chunk: np.ndarray) -> int:
        keep = np.isin(chunk["chrom1"], list(self.offsets)) & np.isin(chunk["chrom2"], list(self.offsets))
        chunk = chunk[keep]
        ids = self._id_buffer(len(chunk))
        ids[:, 0] = np.vectorize(self.offsets.get)(chunk["chrom1"]) + chunk["pos1"] // self.resolution
        ids[:, 1] = np.vectorize(self.offsets.get)(chunk["chrom2"]) + chunk["pos2"] // self.resolution
        d = cp.asarray(ids)
        lo = cp.minimum(d[:, 0], d[:, 1])
        hi = cp.maximum(d[:, 0], d[:, 1])
        cp.add.at(self.counts, (lo, hi), 1.0)
        return len(chunk)

    def symmetric(self) -> cp.ndarray:
        return self.counts + cp.triu(self.counts, 1).T
