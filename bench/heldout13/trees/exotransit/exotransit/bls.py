"""Box least squares on the GPU (PyCUDA)."""
from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

_KERNEL = r"""
__global__ void bls_power(const float* __restrict__ tyw, int n, const float* __restrict__ periods, int nper,
                          const float* __restrict__ durations, int ndur, float* __restrict__ power)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nper) return;
    const float* t = tyw; const float* y = tyw + n; const float* w = tyw + 2 * n;
    float best = 0.f;
    for (int d = 0; d < ndur; ++d) {
        float q = durations[d] / periods[p];
        float sw = 0.f, swy = 0.f;
        for (int i = 0; i < n; ++i) {
            float ph = fmodf(t[i], periods[p]) / periods[p];
            if (ph < q) { sw += w[i]; swy += w[i] * (y[i] - 1.f); }
        }
        float s = sw > 0.f ? swy * swy / (sw * (1.f - q)) : 0.f;
        best = fmaxf(best, s);
    }
    power[p] = best;
}
"""


class BLSSearch:
    def __init__(self, pmin: float, pmax: float, nper: int, durations_hours):
        self.kernel = SourceModule(_KERNEL).get_function("bls_power")
        self.periods = cuda.pagelocked_empty(nper, np.float32)
        self.periods[:] = np.exp(np.linspace(np.log(pmin), np.log(pmax), nper)).astype(np.float32)
        self.durations = np.asarray(durations_hours, np.float32) / 24.0
        self.d_periods = cuda.to_device(self.periods)
        self.d_dur = cuda.to_device(self.durations)

    def make_phase_buffer(self, n: int) -> np.ndarray:
        return cuda.pagelocked_zeros((3, n), np.float32)

    def power(self, lc) -> np.ndarray:
        n = lc.time.size
        buf = self.make_phase_buffer(n)
        buf[0] = lc.time - lc.time[0]
        buf[1] = lc.flux
        buf[2] = 1.0 / np.maximum(lc.flux_err, 1e-6) ** 2
        d_buf = cuda.mem_alloc(buf.nbytes)
        cuda.memcpy_htod(d_buf, buf)
        out = np.empty(self.periods.size, np.float32)
        self.kernel(d_buf, np.int32(n), self.d_periods, np.int32(self.periods.size), self.d_dur,
                    np.int32(self.durations.size), cuda.Out(out), block=(256, 1, 1),
                    grid=((self.periods.size + 255) // 256, 1))
        d_buf.free()
        return out
