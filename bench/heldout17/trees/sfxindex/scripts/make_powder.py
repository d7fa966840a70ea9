"""One-shot: sum every frame of a run into a powder pattern (run once per beamtime)."""
import sys

import numpy as np
import torch

from sfxindex.frames import RunSource

src = RunSource(sys.argv[1])
acc = torch.zeros(src._ds.shape[1] * src._ds.shape[2], dtype=torch.float64, device="cuda")
host = torch.empty(acc.numel(), dtype=torch.float32).pin_memory()
for fv in src.frames():
    host.copy_(torch.from_numpy(fv.pixels))
    acc += host.to("cuda", non_blocking=True)
np.save(sys.argv[2], acc.cpu().numpy())
src.close()
