from __future__ import annotations

import functools
from dataclasses import dataclass

import cupy as cp
import cupyx
import numpy as np


@dataclass
class Tile:
    chrom: str
    i0: int
    j0: int
    values: np.ndarray  # observed/expected, float32


class TileStore:
    """Host copies of the exported tiles; the viewer reads them back by coordinates."""

    def __init__(self, tile_bins: int, resolution: int):
        self.tile_bins = tile_bins
        self.resolution = resolution
        self._tiles: dict[tuple[str, int, int], Tile] = {}

    def put(self, chrom: str, i0: int, j0: int, block: cp.ndarray) -> Tile:
        key = (chrom, i0, j0)
        if key not in self._tiles:
            host = cupyx.empty_pinned(block.shape, dtype=np.float32)
            self._tiles[key] = Tile(chrom, i0, j0, host)
        tile = self._tiles[key]
        block.astype(cp.float32).get(out=tile.values)
        return tile

    def get(self, chrom: str, i0: int, j0: int) -> Tile | None:
        return self._tiles.get((chrom, i0, j0))

    def __len__(self) -> int:
        return len(self._tiles)


@functools.lru_cache(maxsize=8)
def expected_profile(resolution: int, n_diag: int) -> np.ndarray:
    """Power-law P(s) prior used until the sample's own decay curve is fitted."""
    host = cupyx.zeros_pinned(n_diag, dtype=np.float32)
    s = np.arange(1, n_diag + 1, dtype=np.float64) * resolution
    host[:] = (s / resolution) ** -1.08
    return host


def export_tiles(store: TileStore, balanced: cp.ndarray, chrom: str, lo: int, hi: int) -> int:
    """Cuts the chrom's intra-chromosomal block [lo, hi) into square O/E tiles."""
    tb = store.tile_bins
    exp = cp.asarray(expected_profile(store.resolution, 2 * tb))
    ii, jj = cp.meshgrid(cp.arange(tb), cp.arange(tb), indexing="ij")
    n = 0
    for i0 in range(lo, hi, tb):
        for j0 in range(i0, hi, tb):
            block = balanced[i0: min(i0 + tb, hi), j0: min(j0 + tb, hi)]
            d = cp.abs((j0 + jj[: block.shape[0], : block.shape[1]]) - (i0 + ii[: block.shape[0], : block.shape[1]]))
            oe = block / exp[cp.minimum(d, 2 * tb - 1)]
            store.put(chrom, i0 - lo, j0 - lo, oe)
            n += 1
    return n
