"""Row throughput of the virtual imager on synthetic frames."""
import time

import numpy as np
from numba import cuda

from stem4d.virtual import VirtualImager

frames = cuda.pinned_array((256, 256, 256), dtype=np.float32)
frames[...] = np.random.default_rng(0).random((256, 256, 256), dtype=np.float32)
imager = VirtualImager(256, 12.0, 40.0, 110.0)
t0 = time.perf_counter()
for _ in range(20):
    imager.row(frames)
print(f"{(time.perf_counter() - t0) / 20 * 1e3:.1f} ms/row")
