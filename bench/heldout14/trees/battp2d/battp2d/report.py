"""One-off rate-capability report for a fitted parameter set."""
import json
import sys

import numpy as np
import torch

from . import _p2d

if __name__ == "__main__":
    theta = json.load(open(sys.argv[1]))
    s = _p2d.P2DSolver(30, 20, 2000)
    curves = s.sweep_c_rates(_p2d.Params(*theta), [0.2, 0.5, 1.0, 2.0, 3.0])
    table = torch.tensor(np.asarray(curves)).pin_memory()
    np.savetxt(sys.argv[2], table.numpy().T, delimiter=",")
