"""Render one quicklook PNG for a scene (run by hand)."""
import sys

import imageio
import numpy as np
from numba import cuda

from sattiles.config import TileConfig
from sattiles.overview import build_overview


def main(path, out):
    cfg = TileConfig()
    full, levels = build_overview(path, cfg)
    rgb = cuda.pinned_array(levels[-1].shape[1:] + (3,), dtype=np.uint8)
    for c, b in enumerate((2, 1, 0)):
        rgb[..., c] = np.clip(levels[-1][b] * 255 * 3.5, 0, 255)
    imageio.imwrite(out, rgb)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
