import time

import numpy as np
import cupyx

from lensfit.models import PixelSource

for n in (32, 48, 64):
    src = PixelSource(n, 5.0)
    data = cupyx.empty_pinned((96, 96), dtype=np.float32)
    data[:] = np.random.rand(96, 96)
    M = np.random.rand(96 * 96, n * n).astype(np.float32)
    t0 = time.perf_counter()
    src.reconstruct(M, data, 0.1)
    print(n, time.perf_counter() - t0)
