"""Times ra_compute_rir at increasing reflection orders."""

import ctypes
import time

import numpy as np

from roomacoustics._lib import check, cudart, lib
from roomacoustics.room import Room


def main() -> None:
    room = Room((6.0, 4.0, 3.0), (0.3,) * 6).to_c()
    src = np.array([1.0, 1.0, 1.5], np.float32)
    mic = np.array([4.0, 3.0, 1.2], np.float32)
    n = 16000
    for order in (4, 8, 12, 16, 20):
        out = np.zeros(n, np.float32)
        cudart.cudaHostRegister(out.ctypes.data, out.nbytes, 0)
        t0 = time.perf_counter()
        for rep in range(20):
            check(lib.ra_compute_rir(ctypes.byref(room), src.ctypes.data, mic.ctypes.data, 16000, order,
                                     out.ctypes.data, n))
        dt = (time.perf_counter() - t0) / 20
        cudart.cudaHostUnregister(out.ctypes.data)
        print(f"order {order:2d}: {1e3 * dt:7.2f} ms per RIR")


if __name__ == "__main__":
    main()
