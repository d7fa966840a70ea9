"""Screening throughput on a synthetic catalogue."""
import time

import cupy as cp
import numpy as np
from numba import cuda

from conjscreen.propagate import _propagate


def main(n_obj: int = 30000, hours: float = 24.0, step_s: float = 60.0) -> None:
    rng = np.random.default_rng(0)
    el = np.column_stack([rng.uniform(6700, 8000, n_obj), rng.uniform(0, 0.02, n_obj), rng.uniform(0, 3.1, n_obj),
                          rng.uniform(0, 6.28, (n_obj, 3)), np.full(n_obj, 2460000.5), np.zeros(n_obj)])
    d_el = cp.asarray(el)
    n_steps = int(hours * 3600 / step_s) + 1
    out = cuda.pinned_array((n_obj, n_steps, 3), dtype=np.float32)
    t0 = time.perf_counter()
    for _ in range(5):
        _propagate[((n_obj + 7) // 8, (n_steps + 31) // 32), (8, 32)](cuda.as_cuda_array(d_el), 2460001.0, step_s, out)
        cuda.synchronize()
    print(f"{(time.perf_counter() - t0) / 5 * 1e3:.1f} ms per catalogue window ({n_obj} objects, {n_steps} steps)")


if __name__ == "__main__":
    main()
