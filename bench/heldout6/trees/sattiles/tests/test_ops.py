import numpy as np
from numba import cuda

from sattiles.config import TileConfig
from sattiles.ops.ndvi import NdviOp


def test_ndvi_range():
    cfg = TileConfig()
    tile = np.random.rand(len(cfg.bands), 32, 32).astype(np.float32)
    out = NdviOp(cfg)(tile)
    assert np.nanmax(out) <= 1.0 and np.nanmin(out) >= -1.0


def test_pinned_alloc():
    a = cuda.pinned_array((8, 8), dtype=np.float32)
    a[:] = 1
    assert a.sum() == 64
