import cupy as cp
import cupyx
import numpy as np


class Reprojector:
    """Warps UTM tiles to Web Mercator; the sampling grid depends on the tile footprint."""

    def __init__(self, tile_size):
        self.tile_size = tile_size
        self._grid = None

    def reset(self):
        self._grid = None

    def _build_grid(self, transform):
        t = self.tile_size
        self._grid = cupyx.zeros_pinned((2, t, t), dtype=np.float32)
        ys, xs = np.mgrid[0:t, 0:t].astype(np.float32)
        self._grid[0] = transform[0] * xs + transform[1] * ys + transform[2]
        self._grid[1] = transform[3] * xs + transform[4] * ys + transform[5]

    def warp(self, d_tile, transform):
        if self._grid is None:
            self._build_grid(transform)
        g = cp.asarray(self._grid)
        iy = cp.clip(g[1].astype(cp.int32), 0, d_tile.shape[-2] - 1)
        ix = cp.clip(g[0].astype(cp.int32), 0, d_tile.shape[-1] - 1)
        return d_tile[..., iy, ix]
