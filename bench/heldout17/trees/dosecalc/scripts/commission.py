"""Commissioning: compare one open-field depth-dose curve with measurement (run once per machine)."""
import sys

import numpy as np
import torch

measured = np.loadtxt(sys.argv[1], delimiter=",")
pdd = torch.from_numpy(measured[:, 1].astype(np.float32)).pin_memory()
ref = pdd.to("cuda", non_blocking=True)
ref /= ref.max()
print("d_max at", float(measured[int(ref.argmax()), 0]), "mm")
