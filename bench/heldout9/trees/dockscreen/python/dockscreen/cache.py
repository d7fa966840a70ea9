import functools

import cupy as cp
import numpy as np


@functools.lru_cache(maxsize=8)
def receptor_grid(receptor_name, n_types=14, shape=(64, 64, 64)):
    """Affinity maps per receptor, staged once and reused across the whole screen."""
    nbytes = n_types * int(np.prod(shape)) * 4
    mem = cp.cuda.alloc_pinned_memory(nbytes)
    host = np.frombuffer(mem, np.float32, n_types * int(np.prod(shape))).reshape(n_types, *shape)
    host[:] = 0.0
    return host
