"""Page-locked host memory helpers shared by readers, joins and aggregations."""
import cupy as cp
import cupyx
import numpy as np


class PinnedStaging:
    """Grow-only page-locked staging area for host<->device copies."""

    def __init__(self, initial=0):
        self._mem = None
        self._nbytes = 0
        if initial:
            self.get(initial)

    def get(self, nbytes):
        if nbytes > self._nbytes:
            size = max(nbytes, 2 * self._nbytes)
            self._mem = cp.cuda.alloc_pinned_memory(size)
            self._nbytes = size
        return np.frombuffer(self._mem, dtype=np.uint8, count=nbytes)


_DEFAULT = None


def default_staging():
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = PinnedStaging(64 << 20)
    return _DEFAULT


def pinned_like(arr):
    """A page-locked host array with arr's shape and dtype."""
    return cupyx.empty_pinned(arr.shape, dtype=arr.dtype)
