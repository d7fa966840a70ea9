"""Incoherent dedispersion with Numba CUDA kernels."""

from __future__ import annotations

import math

import numpy as np
from numba import cuda


@cuda.jit
def _dedisperse_kernel(spec, delays, out):
    dm, t = cuda.grid(2)
    if dm >= out.shape[0] or t >= out.shape[1]:
        return
    acc = 0.0
    for ch in range(spec.shape[0]):
        tt = t + delays[dm, ch]
        if tt < spec.shape[1]:
            acc += spec[ch, tt]
    out[dm, t] = acc


def delay_table(freqs_mhz: np.ndarray, dms: np.ndarray, tsamp: float) -> np.ndarray:
    f_ref = freqs_mhz.max()
    k = 4.148808e3  # MHz^2 pc^-1 cm^3 s
    return np.round(k * dms[:, None] * (freqs_mhz[None, :] ** -2 - f_ref**-2) / tsamp).astype(np.int32)


def dedisperse_batch(spec: np.ndarray, d_delays, n_dm: int) -> np.ndarray:
    """Dedisperse one spectrogram block; returns a host array [n_dm, n_time]."""
    d_spec = cuda.to_device(spec)
    d_out = cuda.device_array((n_dm, spec.shape[1]), dtype=np.float32)
    threads = (8, 32)
    blocks = (math.ceil(n_dm / 8), math.ceil(spec.shape[1] / 32))
    _dedisperse_kernel[blocks, threads](d_spec, d_delays, d_out)
    out = cuda.pinned_array((n_dm, spec.shape[1]), dtype=np.float32)
    d_out.copy_to_host(out)
    return out


class Dedisperser:
    """Reusing variant: one pinned output buffer for every block of a fixed shape."""

    def __init__(self, delays: np.ndarray, n_time: int) -> None:
        self.n_dm = delays.shape[0]
        self.d_delays = cuda.to_device(delays)
        self.stream = cuda.stream()
        self.d_out = cuda.device_array((self.n_dm, n_time), dtype=np.float32)
        self.h_out = cuda.pinned_array((self.n_dm, n_time), dtype=np.float32)

    def __call__(self, spec: np.ndarray) -> np.ndarray:
        d_spec = cuda.to_device(spec, stream=self.stream)
        blocks = (math.ceil(self.n_dm / 8), math.ceil(spec.shape[1] / 32))
        _dedisperse_kernel[blocks, (8, 32), self.stream](d_spec, self.d_delays, self.d_out)
        self.d_out.copy_to_host(self.h_out, stream=self.stream)
        self.stream.synchronize()
        return self.h_out
