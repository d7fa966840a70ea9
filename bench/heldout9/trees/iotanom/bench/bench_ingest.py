import time

import numpy as np
from numba import cuda

from iotanom.numba_kernels import Smoother


def main(frames=2000, n=256):
    frame = cuda.pinned_array(n, dtype=np.float32)
    frame[:] = np.random.default_rng(0).random(n)
    smooth = Smoother()
    t0 = time.perf_counter()
    for _ in range(frames):
        smooth(frame)
    print(f"{frames / (time.perf_counter() - t0):.0f} frames/s")


if __name__ == "__main__":
    main()
