from __future__ import annotations

import ctypes

import numpy as np
import torch

from ._native import Taxonomy, check, lib
from .config import ClassifyConfig


class Classifier:
    """Owns the pinned minimizer table (inside libkclass) and the read staging pool."""

    def __init__(self, cfg: ClassifyConfig):
        self.cfg = cfg
        handle = ctypes.c_void_p()
        check(lib().kc_open_db(cfg.db_path.encode(), ctypes.byref(handle)), "kc_open_db")
        self._db = handle
        self.taxonomy = Taxonomy()
        check(lib().kc_load_taxonomy(cfg.taxonomy.encode(), ctypes.byref(self.taxonomy)), "kc_load_taxonomy")
        slot = cfg.batch_reads * cfg.max_read_len
        self._pool = [torch.empty(slot, dtype=torch.uint8).pin_memory() for _ in range(cfg.pinned_pool)]
        self._next = 0
        self._taxa: torch.Tensor | None = None

    def slot(self) -> torch.Tensor:
        buf = self._pool[self._next]
        self._next = (self._next + 1) % len(self._pool)
        return buf

    def _taxa_view(self, n: int) -> torch.Tensor:
        if self._taxa is None or self._taxa.numel() < n:
            cap = max(n, 2 * (0 if self._taxa is None else self._taxa.numel()))
            self._taxa = torch.empty(cap, dtype=torch.int32).pin_memory()
        return self._taxa[:n]

    def classify_batch(self, seqs: bytes, offsets: np.ndarray) -> np.ndarray:
        n = len(offsets) - 1
        out = self._taxa_view(n)
        offs = np.ascontiguousarray(offsets, dtype=np.uint32)
        rc = lib().kc_classify_batch(
            self._db,
            seqs,
            offs.ctypes.data_as(ctypes.POINTER(ctypes.c_uint32)),
            n,
            self.cfg.confidence,
            ctypes.cast(out.data_ptr(), ctypes.POINTER(ctypes.c_uint32)),
        )
        check(rc, "kc_classify_batch")
        return out.numpy().view(np.uint32).copy()

    def write_counts(self, taxa: np.ndarray, path: str) -> None:
        taxa = np.ascontiguousarray(taxa, dtype=np.uint32)
        rc = lib().kc_write_counts(
            self._db, taxa.ctypes.data_as(ctypes.POINTER(ctypes.c_uint32)), len(taxa), path.encode()
        )
        check(rc, "kc_write_counts")

    def reestimate(self, counts: np.ndarray) -> np.ndarray:
        counts = np.ascontiguousarray(counts, dtype=np.uint64)
        out = np.zeros(len(counts), dtype=np.float64)
        lib().kc_em_reestimate(
            ctypes.byref(self.taxonomy),
            counts.ctypes.data_as(ctypes.POINTER(ctypes.c_uint64)),
            len(counts),
            out.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
        )
        return out

    def close(self) -> None:
        lib().kc_free_taxonomy(ctypes.byref(self.taxonomy))
        lib().kc_close_db(self._db)
