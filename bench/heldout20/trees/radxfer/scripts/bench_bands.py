#!/usr/bin/env python3
"""hipHostMalloc cost by size and flag, to pick the staging strategy for rt_compute_bands."""

import ctypes
import time

from radxfer import hip

FLAGS = {"default": 0x0, "noncoherent": 0x80000000, "coherent": 0x40000000}


def main():
    for mib in (1, 4, 16, 64):
        nbytes = mib << 20
        for name, flag in FLAGS.items():
            reps = 20
            t0 = time.perf_counter()
            for _ in range(reps):
                p = ctypes.c_void_p()
                hip.check(hip.lib.hipHostMalloc(ctypes.byref(p), nbytes, flag))
                hip.check(hip.lib.hipHostFree(p))
            ms = (time.perf_counter() - t0) / reps * 1e3
            print(f"{mib:4d} MiB {name:12s} {ms:8.3f} ms")


if __name__ == "__main__":
    main()
