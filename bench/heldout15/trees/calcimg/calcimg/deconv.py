"""OASIS-style AR(1) spike deconvolution, one cell per CUDA block."""
from __future__ import annotations

import math

import numpy as np
from numba import cuda


@cuda.jit
def _ar1_deconv(trace, kernel, lam, spikes):
    t = cuda.grid(1)
    n = trace.shape[0]
    if t >= n:
        return
    # residual of the AR(1) model (decay = kernel[1]), soft-thresholded
    acc = trace[t]
    if t > 0:
        acc -= kernel[1] * trace[t - 1]
    s = acc - lam
    spikes[t] = s if s > 0 else 0.0


class OasisDeconvolver:
    def __init__(self, cfg):
        self.lam = cfg.sparsity
        self.kernel = cuda.mapped_array((cfg.max_lag,), dtype=np.float32)
        self.kernel[:] = cfg.ar_coeff ** np.arange(cfg.max_lag, dtype=np.float32)

    def deconvolve_all(self, traces: np.ndarray) -> np.ndarray:
        """traces: (n_cells, T) dF/F. Returns inferred spike rates of the same shape."""
        n_cells, n_t = traces.shape
        out = np.empty_like(traces, dtype=np.float32)
        threads = 256
        blocks = math.ceil(n_t / threads)
        for cell in range(n_cells):
            host = cuda.pinned_array(n_t, dtype=np.float32)
            host[:] = traces[cell]
            d_trace = cuda.to_device(host)
            d_spikes = cuda.device_array(n_t, dtype=np.float32)
            _ar1_deconv[blocks, threads](d_trace, self.kernel, self.lam, d_spikes)
            out[cell] = d_spikes.copy_to_host()
        return out
