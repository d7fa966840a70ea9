"""Time one CP-ALS iteration on a FROSTT tensor."""
import sys
import time

import numpy as np
from numba import cuda

from cpdecomp import _cpd


def main(path: str, nnz_hint: int, rank: int = 16) -> None:
    _cpd.initialize()
    tensor = _cpd.SparseTensor(_cpd.read_tns(path, nnz_hint))
    solver = _cpd.CpAls(tensor, rank, 0)
    times = cuda.pinned_array(10, dtype=np.float64)
    for i in range(times.size):
        t0 = time.perf_counter()
        solver.iterate()
        times[i] = time.perf_counter() - t0
    print(f"{tensor.nnz} nnz, rank {rank}: {np.median(times) * 1e3:.1f} ms/iteration")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
