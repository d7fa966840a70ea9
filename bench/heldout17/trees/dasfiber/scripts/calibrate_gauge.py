"""Tap test: find the channel of a known hammer location (run once per installation)."""
import sys

import h5py
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv

with h5py.File(sys.argv[1], "r") as fh:
    data = fh["das"][:, :20000]
buf = drv.pagelocked_empty(data.shape, dtype=np.float32)
buf[...] = data
energy = (buf.astype(np.float64) ** 2).sum(axis=1)
print("hammer channel:", int(np.argmax(energy)))
