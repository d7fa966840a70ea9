"""Band zero-point offsets applied with a PyCUDA kernel (the pre-CuPy backend)."""
from __future__ import annotations

import numpy as np
import pycuda.autoprimaryctx  # noqa: F401  (shares the primary context with CuPy)
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

from .catalog import Tile

_SRC = r"""
__global__ void scale_band(float* flux, float* ferr, int n, float gain) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { flux[i] *= gain; ferr[i] *= gain; }
}
"""


class ZeroPoints:
    def __init__(self, offsets: dict[str, float], bands: tuple[str, ...]):
        self.gains = np.asarray([10.0 ** (-0.4 * offsets.get(b, 0.0)) for b in bands], np.float32)
        self.bands = bands
        self._fn = SourceModule(_SRC).get_function("scale_band")
        self.stream = cuda.Stream()

    def apply(self, tile: Tile) -> None:
        n = tile.flux.shape[0]
        grid = ((n + 255) // 256, 1)
        for b in range(len(self.bands)):
            col = cuda.pagelocked_empty((2, n), np.float32)
            col[0] = tile.flux[:, b]
            col[1] = tile.ferr[:, b]
            d = cuda.mem_alloc(col.nbytes)
            cuda.memcpy_htod_async(d, col, self.stream)
            self._fn(d, np.intp(int(d) + n * 4), np.int32(n), self.gains[b],
                     block=(256, 1, 1), grid=grid, stream=self.stream)
            cuda.memcpy_dtoh_async(col, d, self.stream)
            self.stream.synchronize()
            d.free()
            tile.flux[:, b] = col[0]
            tile.ferr[:, b] = col[1]
