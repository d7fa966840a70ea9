"""Odd/even depth and secondary-eclipse vetting (Numba CUDA)."""
from __future__ import annotations

import math

import numpy as np
from numba import cuda


@cuda.jit
def _odd_even_kernel(t, f, period, t0, dur, acc):
    i = cuda.grid(1)
    if i >= t.size:
        return
    ph = (t[i] - t0) / period
    epoch = math.floor(ph + 0.5)
    if abs(ph - epoch) * period < 0.5 * dur:
        slot = 0 if int(epoch) % 2 == 0 else 1
        cuda.atomic.add(acc, slot, 1.0 - f[i])
        cuda.atomic.add(acc, slot + 2, 1.0)


def odd_even_test(lc, cand) -> float:
    acc = cuda.mapped_array(4, dtype=np.float32)
    acc[:] = 0.0
    d_t = cuda.to_device(lc.time)
    d_f = cuda.to_device(lc.flux)
    blocks = (lc.time.size + 127) // 128
    _odd_even_kernel[blocks, 128](d_t, d_f, np.float32(cand.period), np.float32(cand.t0),
                                  np.float32(cand.duration), acc)
    cuda.synchronize()
    odd = acc[0] / max(acc[2], 1.0)
    even = acc[1] / max(acc[3], 1.0)
    return float(abs(odd - even) / max(odd + even, 1e-9))


@cuda.jit
def _sigma_kernel(x, out):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(out, 0, x[i] * x[i])


def calibrate_thresholds(noise: np.ndarray) -> float:
    """Detection threshold from the sector's noise model (once per run)."""
    out = np.zeros(1, np.float32)
    with cuda.pinned(noise):
        d = cuda.to_device(noise)
        d_out = cuda.to_device(out)
        _sigma_kernel[(noise.size + 255) // 256, 256](d, d_out)
        d_out.copy_to_host(out)
    return 7.1 * float(np.sqrt(out[0] / max(noise.size, 1)))
