import time

import numpy as np
import torch

from showersim import hillas

hillas.init(1855, 512, "lst_geometry.bin")
for batch in (64, 128, 256, 512):
    charge = torch.rand(batch, 1855).pin_memory().numpy()
    t0 = time.perf_counter()
    for _ in range(20):
        hillas.compute_hillas(charge)
    print(batch, (time.perf_counter() - t0) / 20)
