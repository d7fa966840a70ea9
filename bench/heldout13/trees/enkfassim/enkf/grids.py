import functools

import numpy as np


@functools.lru_cache(maxsize=4)
def load_grid(grid_id: str):
    data = np.load(f"/data/enkf/grids/{grid_id}.npz")
    return data["lat"].ravel(), data["lon"].ravel()
