"""Device-visible request counters read by the GPU-side sampler."""
import numpy as np
from numba import cuda

_COUNTERS = None


def request_counters():
    global _COUNTERS
    if _COUNTERS is None:
        _COUNTERS = cuda.mapped_array(4, dtype=np.int64)
        _COUNTERS[:] = 0
    return _COUNTERS


def record(n_variants: int):
    c = request_counters()
    c[0] += 1
    c[1] += n_variants
