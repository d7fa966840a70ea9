import os
import time

from numba import cuda
import numpy as np

from l1trig.native import TriggerHandle


def main(n=10000):
    h = TriggerHandle(os.environ.get("L1TRIG_LUT", "luts/calo_v3.bin"), 8)
    raw = cuda.pinned_array(2 * 72 * 56, dtype=np.uint8)
    raw[:] = np.random.default_rng(0).integers(0, 255, raw.size, dtype=np.uint8)
    payload = raw.tobytes()
    t0 = time.perf_counter()
    for _ in range(n):
        h.unpack(payload)
    dt = time.perf_counter() - t0
    print(f"{n / dt:.0f} events/s")
    h.close()


if __name__ == "__main__":
    main()
