from __future__ import annotations

import numpy as np
from numba import cuda

from .staging import make_staging_set

# residue counter + convergence flag, read by the host after every unwrap
_FLAGS = cuda.mapped_array(4, dtype=np.int32)


@cuda.jit
def _residues(phase, out, flags):
    i, j = cuda.grid(2)
    if 0 < i < phase.shape[0] - 1 and 0 < j < phase.shape[1] - 1:
        s = (phase[i, j + 1] - phase[i, j]) + (phase[i + 1, j + 1] - phase[i, j + 1])
        r = int(round(s / 6.283185307))
        out[i, j] = r
        if r != 0:
            cuda.atomic.add(flags, 0, 1)


class Unwrapper:
    def __init__(self, tiles: int = 4):
        self.tiles = tiles

    def unwrap(self, ifg: np.ndarray) -> np.ndarray:
        rows = np.array_split(np.arange(ifg.shape[0]), self.tiles)
        slots = make_staging_set(self.tiles, (len(rows[0]) + 1, ifg.shape[1]), np.float32)
        out = np.empty(ifg.shape, np.float32)
        for k, r in enumerate(rows):
            host = slots[k][: len(r)]
            host[...] = np.angle(ifg[r])
            d = cuda.to_device(host)
            res = cuda.device_array(host.shape, np.int32)
            _FLAGS[0] = 0
            _residues[(len(r) // 16 + 1, ifg.shape[1] // 16 + 1), (16, 16)](d, res, _FLAGS)
            cuda.synchronize()
            out[r] = np.unwrap(host, axis=1)
        return out
