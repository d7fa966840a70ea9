"""Micro-benchmark: host->device upload bandwidth of the coordinate array, pinned vs pageable."""
import time

import numpy as np
import torch

from beamtrack import _bt

N = 1_000_000
REPS = 50


def main():
    st = _bt.BeamState(N)
    pinned = torch.empty((N, 6), dtype=torch.float64, pin_memory=True)
    pageable = np.zeros((N, 6))
    for name, fn in (("pinned", lambda: st.upload_pinned(pinned.numpy())), ("pageable", lambda: st.upload(pageable))):
        fn()
        t0 = time.perf_counter()
        for _ in range(REPS):
            fn()
        dt = (time.perf_counter() - t0) / REPS
        print(f"{name:9s} {N * 48 / dt / 1e9:6.2f} GB/s")


if __name__ == "__main__":
    main()
