import time

import numpy as np
import cupy as cp
import cupyx


def bench_h2d(shape=(50, 720, 1440), reps=20):
    times = []
    for _ in range(reps):
        h = cupyx.empty_pinned(shape, dtype=np.float32)
        t0 = time.perf_counter()
        d = cp.asarray(h)
        cp.cuda.Device().synchronize()
        times.append(time.perf_counter() - t0)
    return np.median(times)


if __name__ == "__main__":
    print(f"pinned H2D: {bench_h2d() * 1e3:.2f} ms")
