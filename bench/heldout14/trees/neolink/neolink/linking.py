from __future__ import annotations

import math

import numpy as np
from numba import cuda


@cuda.jit
def _project(xyz, r_hyp, out):
    i = cuda.grid(1)
    if i >= xyz.shape[0]:
        return
    n = math.sqrt(xyz[i, 0] ** 2 + xyz[i, 1] ** 2 + xyz[i, 2] ** 2)
    for k in range(3):
        out[i, k] = xyz[i, k] / n * r_hyp


class HelioLinker:
    def __init__(self, r_hyp: list[float]):
        self.r_hyp = r_hyp
        self.nlinks = cuda.mapped_array(1, dtype=np.int64)
        self.nlinks[0] = 0

    def link_night(self, night: np.ndarray) -> list[np.ndarray]:
        proj = cuda.pinned_array((len(self.r_hyp), night.shape[0], 3), dtype=np.float32)
        d = cuda.to_device(night.astype(np.float32))
        for k, r in enumerate(self.r_hyp):
            out = cuda.device_array((night.shape[0], 3), dtype=np.float32)
            _project[(night.shape[0] + 127) // 128, 128](d, r, out)
            out.copy_to_host(proj[k])
        self.nlinks[0] += night.shape[0]
        return [proj[k].copy() for k in range(len(self.r_hyp))]
