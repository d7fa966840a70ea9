"""p(z) summaries per object with Numba: mode, median, 68% interval, odds."""
from __future__ import annotations

import math

import numpy as np
from numba import cuda

# Host-visible status counters [ok, flat, multimodal, failed], read after every tile.
STATUS = cuda.mapped_array(4, dtype=np.int64)


@cuda.jit
def _summary_kernel(chi2, zgrid, out, status):
    i = cuda.grid(1)
    if i >= chi2.shape[0]:
        return
    nz = chi2.shape[1]
    best = chi2[i, 0]
    kbest = 0
    for k in range(nz):
        if chi2[i, k] < best:
            best = chi2[i, k]
            kbest = k
    total = 0.0
    for k in range(nz):
        total += math.exp(-0.5 * (chi2[i, k] - best))
    if total <= 0.0:
        cuda.atomic.add(status, 3, 1)
        return
    acc = 0.0
    lo = hi = med = 0.0
    for k in range(nz):
        p = math.exp(-0.5 * (chi2[i, k] - best)) / total
        prev = acc
        acc += p
        if prev < 0.16 <= acc:
            lo = zgrid[k]
        if prev < 0.5 <= acc:
            med = zgrid[k]
        if prev < 0.84 <= acc:
            hi = zgrid[k]
    out[i, 0] = zgrid[kbest]
    out[i, 1] = med
    out[i, 2] = lo
    out[i, 3] = hi
    out[i, 4] = 0.0
    cuda.atomic.add(status, 0, 1)


def summarize(chi2: np.ndarray, zgrid: np.ndarray) -> np.ndarray:
    n = chi2.shape[0]
    out = cuda.pinned_array((n, 5), dtype=np.float32)
    d_chi2 = cuda.to_device(chi2)
    d_z = cuda.to_device(zgrid)
    d_out = cuda.device_array((n, 5), dtype=np.float32)
    _summary_kernel[(n + 127) // 128, 128](d_chi2, d_z, d_out, STATUS)
    d_out.copy_to_host(out)
    return out
