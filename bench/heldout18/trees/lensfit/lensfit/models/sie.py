import functools
import math

import numpy as np
from numba import cuda


@cuda.jit
def _sie_kernel(theta_e, q, x0, y0, xs, ys, ax, ay):
    i = cuda.grid(1)
    if i < xs.size:
        dx, dy = xs[i] - x0, ys[i] - y0
        psi = math.sqrt(q * q * dx * dx + dy * dy) + 1e-9
        ax[i] = theta_e * dx / psi
        ay[i] = theta_e * dy / psi


@functools.lru_cache(maxsize=4)
def _deflection_buffers(n_pix):
    return cuda.mapped_array(n_pix, dtype=np.float32), cuda.mapped_array(n_pix, dtype=np.float32)


class SIE:
    def __init__(self, grid_x, grid_y):
        self.xs = cuda.to_device(grid_x.ravel().astype(np.float32))
        self.ys = cuda.to_device(grid_y.ravel().astype(np.float32))

    def deflection(self, theta_e, q, x0, y0):
        ax, ay = _deflection_buffers(self.xs.size)
        _sie_kernel[(self.xs.size + 255) // 256, 256](theta_e, q, x0, y0, self.xs, self.ys, ax, ay)
        cuda.synchronize()
        return ax, ay
