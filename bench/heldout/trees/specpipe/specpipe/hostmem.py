"""Pinned host arrays for the CuPy backend."""

from __future__ import annotations

import numpy as np
import cupy
import cupyx


def pinned_empty(shape, dtype=np.float32) -> np.ndarray:
    """A NumPy array backed by CuPy's pinned memory pool."""
    dtype = np.dtype(dtype)
    count = int(np.prod(shape))
    mem = cupy.cuda.alloc_pinned_memory(count * dtype.itemsize)
    return np.frombuffer(mem, dtype, count).reshape(shape)


def pinned_like(arr: np.ndarray) -> np.ndarray:
    return pinned_empty(arr.shape, arr.dtype)


class PinnedScratch:
    """Grow-only pinned scratch; ``get(n)`` returns a view of at least n elements."""

    def __init__(self, dtype=np.complex64) -> None:
        self.dtype = np.dtype(dtype)
        self._buf = np.empty(0, self.dtype)

    def get(self, n: int) -> np.ndarray:
        if self._buf.size < n:
            self._buf = cupyx.empty_pinned((max(n, 2 * self._buf.size),), dtype=self.dtype)
        return self._buf[:n]
