import time

import numpy as np

from reverb._ffi import fbuf, lib


def main():
    ctx = lib.rr_create(4, 1024)
    src = np.array([0, 0, 1.5], np.float32)
    bands = np.array([125, 250, 500, 1000, 2000, 4000], np.float32)
    energy = np.zeros(6, np.float32)
    t0 = time.perf_counter()
    for _ in range(20):
        lib.rr_trace_bands(ctx, fbuf(src), 100000, fbuf(bands), 6, fbuf(energy))
    print(f"{(time.perf_counter() - t0) / 20 * 1e3:.1f} ms per source")
    lib.rr_destroy(ctx)


if __name__ == "__main__":
    main()
