"""One-shot: estimate pixel pedestals from a dark run and write pedestal.npy."""
import sys

import cupy as cp
import cupyx
import numpy as np

dark = np.load(sys.argv[1])
host = cupyx.empty_pinned(dark.shape[1], dtype=np.float32)
cp.asarray(dark).mean(axis=0).get(out=host)
np.save("pedestal.npy", host)
