"""Polyphase channelizer on PyCUDA, for hosts without CuPy."""

from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

_SRC = r"""
__global__ void fir(const float2* x, const float* taps, float2* y, int ntaps, int nchan, int nout) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int t = blockIdx.y;
    if (c >= nchan || t >= nout) return;
    float2 acc = make_float2(0.f, 0.f);
    for (int k = 0; k < ntaps; ++k) {
        float2 v = x[(t + k) * nchan + c];
        acc.x += v.x * taps[k * nchan + c];
        acc.y += v.y * taps[k * nchan + c];
    }
    y[t * nchan + c] = acc;
}
"""


class Channelizer:
    def __init__(self, taps: np.ndarray, nchan: int, block_len: int) -> None:
        self.ntaps = taps.shape[0] // nchan
        self.nchan = nchan
        self.nout = block_len // nchan - self.ntaps + 1
        self._fir = SourceModule(_SRC).get_function("fir")
        self.d_taps = cuda.to_device(taps.astype(np.float32))
        self.d_x = cuda.mem_alloc(block_len * 8)
        self.d_y = cuda.mem_alloc(self.nout * nchan * 8)
        self.h_y = cuda.pagelocked_empty((self.nout, nchan), np.complex64)
        self.stream = cuda.Stream()

    def __call__(self, block: np.ndarray) -> np.ndarray:
        h_x = cuda.pagelocked_empty(block.shape, np.complex64)
        h_x[:] = block
        cuda.memcpy_htod_async(self.d_x, h_x, self.stream)
        grid = ((self.nchan + 127) // 128, self.nout)
        self._fir(self.d_x, self.d_taps, self.d_y, np.int32(self.ntaps), np.int32(self.nchan),
                  np.int32(self.nout), block=(128, 1, 1), grid=grid, stream=self.stream)
        cuda.memcpy_dtoh_async(self.h_y, self.d_y, self.stream)
        self.stream.synchronize()
        return self.h_y
