import math

import numpy as np
from numba import cuda


@cuda.jit
def _ndvi_kernel(red, nir, out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        s = nir[i, j] + red[i, j]
        out[i, j] = (nir[i, j] - red[i, j]) / s if s > 0 else math.nan


class NdviOp:
    name = "ndvi"

    def __init__(self, cfg):
        self.red = cfg.bands.index("B04")
        self.nir = cfg.bands.index("B08")

    def __call__(self, tile):
        out = np.empty(tile.shape[1:], dtype=np.float32)
        with cuda.pinned(out):
            d_out = cuda.device_array_like(out)
            grid = ((out.shape[0] + 15) // 16, (out.shape[1] + 15) // 16)
            _ndvi_kernel[grid, (16, 16)](cuda.to_device(tile[self.red]), cuda.to_device(tile[self.nir]), d_out)
            d_out.copy_to_host(out)
        return out
