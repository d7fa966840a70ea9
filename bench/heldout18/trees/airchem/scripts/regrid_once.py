"""One-shot: regrid an emission inventory to the model grid and save it."""
import sys

import numpy as np
import torch

src = np.load(sys.argv[1]).astype(np.float32)
t = torch.from_numpy(src).pin_memory()
out = torch.nn.functional.interpolate(t.cuda(non_blocking=True)[None, None], size=(180, 240), mode="bilinear")
out[0, 0].cpu().numpy().tofile("emis_2026.bin")
