"""Voxelisation throughput on synthetic clouds of increasing size."""

import time

import numpy as np
from numba import cuda

from pcloud.voxelize import Voxelizer


def main():
    rng = np.random.default_rng(0)
    vox = Voxelizer((0, -40, -3), (70.4, 40, 1), (0.05, 0.05, 0.1), max_input=400_000)
    for n in (20_000, 100_000, 400_000):
        cloud = cuda.pinned_array((n, 4), dtype=np.float32)
        cloud[...] = rng.uniform([0, -40, -3, 0], [70.4, 40, 1, 1], size=(n, 4))
        vox.voxelize(cloud)
        t0 = time.perf_counter()
        for _ in range(20):
            vox.voxelize(cloud)
        dt = (time.perf_counter() - t0) / 20
        print(f"{n:7d} points: {dt * 1e3:7.2f} ms/frame")


if __name__ == "__main__":
    main()
