import sys
import time

import numpy as np
import pycuda.driver as cuda

from qsim.backend_pycuda import PyCudaBackend
from qsim.circuit import Circuit


def main(n=24, reps=5):
    be = PyCudaBackend(n)
    c = Circuit.qft(n)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        c.run(be)
        out = cuda.pagelocked_empty(be.dim, dtype=np.complex64)
        be.psi.get(ary=out)
        times.append(time.perf_counter() - t0)
    print(f"qft{n}: {1e3 * np.median(times):.1f} ms")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:]))
