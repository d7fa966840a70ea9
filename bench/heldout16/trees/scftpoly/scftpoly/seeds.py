"""Initial field guesses: the level set of every candidate phase, smoothed on the GPU."""
from __future__ import annotations

import functools

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

from .phases import PHASES

_mod = SourceModule(
    """
__global__ void smooth(double* f, const double* g, int nx, int ny, int nz, double amp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nx * ny * nz) return;
  f[i] = amp * tanh(2.0 * g[i]);
}
"""
)
_smooth = _mod.get_function("smooth")


@functools.cache
def zero_field(shape: tuple[int, int, int]) -> np.ndarray:
    """Shared page-locked zeros (the homogeneous reference), one per grid shape."""
    return drv.pagelocked_zeros(shape, dtype=np.float64)


def make_seed_fields(names: list[str], shape: tuple[int, int, int], amp: float = 5.0) -> dict[str, np.ndarray]:
    seeds = {}
    n = int(np.prod(shape))
    for name in names:
        host = drv.pagelocked_empty(shape, dtype=np.float64)
        level = np.ascontiguousarray(PHASES[name](shape), dtype=np.float64)
        _smooth(drv.Out(host), drv.In(level), np.int32(shape[0]), np.int32(shape[1]), np.int32(shape[2]),
                np.float64(amp), block=(256, 1, 1), grid=((n + 255) // 256, 1))
        seeds[name] = host
    return seeds
