import functools

import cupyx
import numpy as np
import tifffile


@functools.lru_cache(maxsize=4)
def load_psf(path):
    """Normalised PSF, read once per path and shared by every tile."""
    arr = tifffile.imread(path).astype(np.float32)
    host = cupyx.empty_pinned(arr.shape, dtype=np.float32)
    host[:] = arr / arr.sum()
    return host
