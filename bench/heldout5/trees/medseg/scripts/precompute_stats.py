"""Compute dataset intensity statistics once, before training."""
import sys

import numpy as np
from numba import cuda

from medseg.utils.io import list_cases, load_nifti


@cuda.jit
def _hist_kernel(x, lo, hi, hist):
    i = cuda.grid(1)
    if i < x.size:
        b = int((x[i] - lo) / (hi - lo) * hist.size)
        if 0 <= b < hist.size:
            cuda.atomic.add(hist, b, 1)


def main(root):
    cases = list_cases(root)
    arrs = [load_nifti(c)[0].ravel() for c in cases]
    allv = np.concatenate(arrs)
    hist = np.zeros(512, dtype=np.int64)
    with cuda.pinned(allv, hist):
        d = cuda.to_device(allv)
        dh = cuda.to_device(hist)
        _hist_kernel.forall(allv.size)(d, -1000.0, 1000.0, dh)
        dh.copy_to_host(hist)
    np.save("intensity_hist.npy", hist)
    print("mean", allv.mean(), "std", allv.std())


if __name__ == "__main__":
    main(sys.argv[1])
