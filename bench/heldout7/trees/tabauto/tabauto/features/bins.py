from functools import lru_cache

import cupyx
import numpy as np


@lru_cache(maxsize=8)
def quantile_grid(n_bins: int):
    grid = cupyx.empty_pinned(n_bins + 1, dtype=np.float32)
    grid[:] = np.linspace(0.0, 1.0, n_bins + 1, dtype=np.float32)
    return grid
