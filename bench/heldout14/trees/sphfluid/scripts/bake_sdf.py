"""Voxelise a collision mesh into an SDF file (once per asset)."""
import sys

import cupyx
import numpy as np

if __name__ == "__main__":
    n = int(sys.argv[2])
    grid = cupyx.empty_pinned((n, n, n), dtype=np.float32)
    ax = np.linspace(-1, 1, n, dtype=np.float32)
    x, y, z = np.meshgrid(ax, ax, ax, indexing="ij")
    grid[:] = np.sqrt(x**2 + y**2 + z**2) - 0.5
    with open(sys.argv[1], "wb") as f:
        np.asarray([n, n, n], np.int32).tofile(f)
        grid.tofile(f)
