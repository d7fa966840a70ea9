"""OCT angiography: split-spectrum amplitude decorrelation over repeated B-scans."""
from __future__ import annotations

import math

import numpy as np
from numba import cuda


@cuda.jit
def _decorr_kernel(stack, out):
    z, x = cuda.grid(2)
    n_rep = stack.shape[0]
    if z >= out.shape[0] or x >= out.shape[1]:
        return
    acc = 0.0
    for r in range(n_rep - 1):
        a = math.exp(stack[r, x, z])
        b = math.exp(stack[r + 1, x, z])
        acc += 1.0 - (a * b) / (0.5 * (a * a + b * b) + 1e-12)
    out[z, x] = acc / (n_rep - 1)


def decorrelation(cluster: np.ndarray) -> np.ndarray:
    """cluster: (repeats, alines, depth) log-intensity B-scans of the same position."""
    out = np.empty((cluster.shape[2], cluster.shape[1]), dtype=np.float32)
    stream = cuda.stream()
    with cuda.pinned(cluster, out):
        d_stack = cuda.to_device(cluster, stream=stream)
        d_out = cuda.device_array(out.shape, dtype=np.float32, stream=stream)
        threads = (16, 16)
        blocks = ((out.shape[0] + 15) // 16, (out.shape[1] + 15) // 16)
        _decorr_kernel[blocks, threads, stream](d_stack, d_out)
        d_out.copy_to_host(out, stream=stream)
        stream.synchronize()
    return out
