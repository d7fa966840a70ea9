"""Fit a time-varied-gain curve from a calibration line (run once per towfish)."""
import sys

import numpy as np
import torch

if __name__ == "__main__":
    line = np.load(sys.argv[1]).astype(np.float32)
    mean = torch.from_numpy(line.mean(0)).pin_memory()
    r = np.arange(mean.numel(), dtype=np.float32) + 1
    coef = np.polyfit(np.log(r), np.log(mean.numpy() + 1e-6), 1)
    np.save(sys.argv[2], coef)
