import time

import cupy as cp
import cupyx
import numpy as np

from lsdecon.rl import richardson_lucy


def main(size=256, iters=20):
    tile = cupyx.empty_pinned((64, size, size), dtype=np.float32)
    tile[:] = np.random.default_rng(0).random(tile.shape)
    psf = np.ones((9, 9, 9), dtype=np.float32) / 729
    t0 = time.perf_counter()
    est, _ = richardson_lucy(tile, psf, iters)
    cp.cuda.Device().synchronize()
    print(f"{iters / (time.perf_counter() - t0):.1f} it/s")


if __name__ == "__main__":
    main()
