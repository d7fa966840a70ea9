from __future__ import annotations

import math

import numpy as np
from numba import cuda


@cuda.jit
def _kurtosis(block, nchan, nsamp, flags, thresh):
    c = cuda.grid(1)
    if c >= nchan:
        return
    s1 = 0.0
    s2 = 0.0
    for t in range(nsamp):
        v = block[t * nchan + c]
        s1 += v
        s2 += v * v
    m = s1 / nsamp
    var = s2 / nsamp - m * m
    flags[c] = 1 if var <= 0 or abs(var / (m * m + 1e-9) - 1.0) > thresh else 0


class RfiMasker:
    def __init__(self, nchan: int, static_mask: np.ndarray | None = None):
        self.nchan = nchan
        self.static = cuda.pinned_array(nchan, dtype=np.uint8)
        self.static[:] = 0 if static_mask is None else static_mask

    def __call__(self, block: np.ndarray, nsamp: int) -> np.ndarray:
        flags = cuda.mapped_array(self.nchan, dtype=np.uint8)
        d_block = cuda.to_device(block)
        _kurtosis[math.ceil(self.nchan / 128), 128](d_block, self.nchan, nsamp, flags, 3.0)
        cuda.synchronize()
        return np.maximum(flags, self.static)
