"""Build the 1991-2020 climatology file once from the reanalysis members."""
import sys

import numpy as np
import cupy as cp
import cupyx


def main(out, *paths):
    first = np.load(paths[0], mmap_mode="r")
    acc = cp.zeros(first.shape[1:], dtype=cp.float64)
    host = cupyx.empty_pinned(first.shape[1:], dtype=np.float32)
    n = 0
    for p in paths:
        mm = np.load(p, mmap_mode="r")
        for t in range(mm.shape[0]):
            host[...] = mm[t]
            acc += cp.asarray(host)
            n += 1
    np.save(out, cp.asnumpy(acc / n).astype(np.float32))


if __name__ == "__main__":
    main(sys.argv[1], *sys.argv[2:])
