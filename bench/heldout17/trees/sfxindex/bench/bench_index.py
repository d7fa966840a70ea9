"""Times index_frame on a synthetic lattice."""
import time

import numpy as np
import torch

from sfxindex.indexing import index_frame

rng = np.random.default_rng(0)
peaks = rng.normal(size=(200, 3)).astype(np.float32)
cell = torch.empty((3, 3), dtype=torch.float32, pin_memory=True)
cell.copy_(torch.eye(3) * 79.1)
t0 = time.perf_counter()
for _ in range(20):
    index_frame(peaks, cell.numpy(), n_trials=8)
torch.cuda.synchronize()
print(f"{(time.perf_counter() - t0) / 20 * 1e3:.2f} ms/frame")
