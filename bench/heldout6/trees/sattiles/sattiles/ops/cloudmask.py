from functools import cached_property

import numpy as np
from numba import cuda


@cuda.jit
def _cloud_kernel(blue, swir, lut, out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        k = min(int(blue[i, j] * 255), 255)
        out[i, j] = 1 if blue[i, j] > lut[k] and swir[i, j] > 0.2 else 0


class CloudMasker:
    name = "cloud"

    def __init__(self, cfg):
        self.blue = cfg.bands.index("B02")
        self.swir = cfg.bands.index("B11")

    @cached_property
    def lut(self):
        table = cuda.pinned_array(256, dtype=np.float32)
        table[:] = np.linspace(0.18, 0.32, 256, dtype=np.float32)
        return table

    def __call__(self, tile):
        mask = cuda.pinned_array(tile.shape[1:], dtype=np.uint8)
        grid = ((mask.shape[0] + 15) // 16, (mask.shape[1] + 15) // 16)
        d_mask = cuda.device_array(mask.shape, dtype=np.uint8)
        _cloud_kernel[grid, (16, 16)](cuda.to_device(tile[self.blue]), cuda.to_device(tile[self.swir]),
                                      cuda.to_device(self.lut), d_mask)
        d_mask.copy_to_host(mask)
        return mask
