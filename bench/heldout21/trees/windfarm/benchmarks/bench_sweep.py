import time

import numpy as np

from windfarm._lib import Farm, fptr, lib


def main():
    rng = np.random.default_rng(1)
    farm = Farm(rng.uniform(0, 5000, (80, 2)).astype(np.float32), np.full(80, 70, np.float32),
                np.ones((25, 2), np.float32))
    yaw = np.zeros(80, np.float32)
    power = np.zeros(80, np.float32)
    t0 = time.perf_counter()
    for _ in range(1000):
        lib.wk_eval_layout(farm.ctx, 0.3, 9.0, fptr(yaw), fptr(power))
    print(f"wk_eval_layout: {(time.perf_counter() - t0):.3f} ms/call")
    farm.close()


if __name__ == "__main__":
    main()
