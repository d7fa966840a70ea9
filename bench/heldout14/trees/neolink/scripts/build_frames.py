"""Build the archival frame-epoch table once from the survey log."""
import sys

import cupyx
import numpy as np

if __name__ == "__main__":
    log = np.loadtxt(sys.argv[1], delimiter=",", usecols=(0, 1, 2))
    tab = cupyx.empty_pinned(log.shape, dtype=np.float32)
    tab[:] = log
    np.save(sys.argv[2], tab)
