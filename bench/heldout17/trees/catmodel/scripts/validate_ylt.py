"""Checks one YLT file against the vendor's reference (run once per model release)."""
import sys

import cupyx
import numpy as np

ref = np.fromfile(sys.argv[2], dtype=np.float32)
ours = cupyx.empty_pinned(ref.shape, dtype=np.float32)
ours[:] = np.fromfile(sys.argv[1], dtype=np.float32)
print("max rel diff:", float(np.max(np.abs(ours - ref) / np.maximum(ref, 1.0))))
