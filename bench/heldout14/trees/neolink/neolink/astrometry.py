from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda import gpuarray


class Astrometry:
    def __init__(self, catalog_xy: np.ndarray):
        self.catalog = gpuarray.to_gpu(catalog_xy.astype(np.float32))

    def solve_frame(self, pix: np.ndarray) -> np.ndarray:
        reg = drv.register_host_memory(pix)
        d = gpuarray.to_gpu_async(reg)
        centroid = gpuarray.sum(d).get() / max(pix.size, 1)
        reg.base.unregister()
        return np.array([centroid, 0.0, 0.0])
