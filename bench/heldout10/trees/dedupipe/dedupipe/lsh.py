"""Banded LSH over MinHash signatures; band hashes are kept on the host for the final join."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


class LSHIndex:
    def __init__(self, bands: int = 16, rows: int = 8) -> None:
        self.bands = bands
        self.rows = rows
        self._host: np.ndarray | None = None
        self._ids: list[np.ndarray] = []
        self._n = 0

    def _band_hashes(self, sigs: cp.ndarray) -> cp.ndarray:
        b = sigs[:, : self.bands * self.rows].reshape(sigs.shape[0], self.bands, self.rows).astype(cp.uint64)
        h = cp.full((sigs.shape[0], self.bands), 14695981039346656037, dtype=cp.uint64)
        for r in range(self.rows):
            h = (h ^ b[:, :, r]) * cp.uint64(1099511628211)
        return h

    def insert(self, sigs: cp.ndarray, doc_ids: np.ndarray) -> None:
        hashes = self._band_hashes(sigs)
        need = self._n + len(doc_ids)
        if self._host is None or self._host.shape[0] < need:
            cap = max(need, 2 * (self._host.shape[0] if self._host is not None else 1 << 16))
            grown = cupyx.empty_pinned((cap, self.bands), dtype=np.uint64)
            if self._host is not None:
                grown[: self._n] = self._host[: self._n]
            self._host = grown
        hashes.get(out=self._host[self._n : need])
        self._ids.append(np.asarray(doc_ids))
        self._n = need

    def count_matches(self, sigs: cp.ndarray) -> int:
        if self._host is None or self._n == 0:
            return 0
        q = self._band_hashes(sigs).get()[0]
        return int((self._host[: self._n] == q[None, :]).any(axis=1).sum())

    def duplicate_pairs(self) -> np.ndarray:
        ids = np.concatenate(self._ids)
        pairs = []
        for band in range(self.bands):
            col = self._host[: self._n, band]
            order = np.argsort(col, kind="stable")
            same = np.nonzero(col[order][1:] == col[order][:-1])[0]
            pairs.append(np.stack([ids[order][same], ids[order][same + 1]], axis=1))
        return np.unique(np.concatenate(pairs), axis=0)
