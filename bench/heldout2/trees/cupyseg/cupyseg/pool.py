"""Page-locked host buffers for tile uploads."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


class PinnedRing:
    """N equally shaped pinned slots used round-robin by the upload thread."""

    def __init__(self, n_slots: int, shape, dtype=np.uint8):
        self.slots = [cupyx.empty_pinned(shape, dtype=dtype) for _ in range(n_slots)]
        self._i = 0

    def next(self) -> np.ndarray:
        slot = self.slots[self._i]
        self._i = (self._i + 1) % len(self.slots)
        return slot


def pinned_scratch(nbytes: int) -> np.ndarray:
    mem = cp.cuda.alloc_pinned_memory(nbytes)
    return np.frombuffer(mem, dtype=np.uint8, count=nbytes)
