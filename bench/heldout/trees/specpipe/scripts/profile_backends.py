"""Compare transfer paths of the CuPy and Numba backends on synthetic data (developer tool)."""

import time

import cupy
import cupyx
import numpy as np
from numba import cuda as ncuda

SIZES = [1 << 16, 1 << 20, 1 << 24]


def timed(label, fn, reps=20):
    fn()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    print(f"{label:<28} {(time.perf_counter() - t0) / reps * 1e3:8.3f} ms")


for n in SIZES:
    d = cupy.random.random(n).astype(cupy.float32)
    timed(f"cupy empty_pinned {n}", lambda: d.get(out=cupyx.empty_pinned((n,), np.float32)))
    nd = ncuda.to_device(np.ones(n, np.float32))
    timed(f"numba pinned_array {n}", lambda: nd.copy_to_host(ncuda.pinned_array(n, np.float32)))
