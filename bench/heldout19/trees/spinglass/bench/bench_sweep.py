"""Host->device bandwidth for spin configurations from pinned vs pageable buffers."""

import time

import numpy as np
from numba import cuda


def main(L: int = 32) -> None:
    n = L ** 3 * 64
    for rep in range(10):
        host = cuda.pinned_array(n, dtype=np.int8)
        host[:] = 1
        t0 = time.perf_counter()
        d = cuda.to_device(host)
        cuda.synchronize()
        dt = time.perf_counter() - t0
        pageable = np.ones(n, dtype=np.int8)
        t1 = time.perf_counter()
        cuda.to_device(pageable)
        cuda.synchronize()
        print(f"rep {rep}: pinned {n / dt / 1e9:.2f} GB/s, pageable {n / (time.perf_counter() - t1) / 1e9:.2f} GB/s")
        del d


if __name__ == "__main__":
    main()
