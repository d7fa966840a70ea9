import functools

import numpy as np
import pycuda.driver as drv


@functools.lru_cache(maxsize=2)
def reference_stars(path):
    cat = np.load(path).astype(np.float32)
    out = drv.pagelocked_empty(cat.shape, dtype=np.float32)
    out[:] = cat
    return out
