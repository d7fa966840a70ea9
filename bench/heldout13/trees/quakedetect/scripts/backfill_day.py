"""Re-run template matching over one archived day (manual backfill)."""
import sys

import numpy as np
import torch

from quakedetect.xcorr import TemplateMatcher


def main(day_npy: str, bank: str) -> None:
    day = torch.from_numpy(np.load(day_npy)).pin_memory()
    n_chan, n = day.shape
    win = 6000
    m = TemplateMatcher(n_chan, win, 4096, bank)
    hits = 0
    for start in range(0, n - win, win // 2):
        cc = m.correlate(day[:, start:start + win].numpy())
        hits += int((cc.max(axis=1) > 0.7).sum())
    m.close()
    print(f"{day_npy}: {hits} detections")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
