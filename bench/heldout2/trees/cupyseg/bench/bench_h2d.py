"""H2D bandwidth: pageable vs pinned (CuPy) vs pinned (Numba), one buffer per size."""
import time

import cupy as cp
import cupyx
import numpy as np
from numba import cuda


def bandwidth(host, iters=20):
    dev = cp.empty(host.shape, dtype=host.dtype)
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        dev.set(host)
    cp.cuda.Device().synchronize()
    return host.nbytes * iters / (time.perf_counter() - t0) / 1e9


def main():
    for mb in (1, 4, 16, 64, 256):
        n = mb << 20
        pageable = np.ones(n, dtype=np.uint8)
        pinned = cupyx.empty_pinned(n, dtype=np.uint8)
        pinned[...] = 1
        nb = cuda.pinned_array(n, dtype=np.uint8)
        nb[...] = 1
        print(f"{mb:4d} MiB  pageable {bandwidth(pageable):6.1f} GB/s  "
              f"cupy pinned {bandwidth(pinned):6.1f} GB/s  numba pinned {bandwidth(nb):6.1f} GB/s")


if __name__ == "__main__":
    main()
