import sys
import time

import numpy as np
from numba import cuda

from vecenv import make


def main(n=4096, steps=1000):
    env = make("GridWorld", n)
    env.reset()
    acts = np.random.randint(0, 4, size=n)
    t0 = time.perf_counter()
    for _ in range(steps):
        env.step(acts)
    dt = time.perf_counter() - t0
    print(f"{n * steps / dt:.0f} env-steps/s")
    t0 = time.perf_counter()
    for _ in range(steps):
        cuda.pinned_array((n, env.obs_dim), dtype=np.float32)
    print(f"host array alloc: {1e6 * (time.perf_counter() - t0) / steps:.1f} us")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:]))
