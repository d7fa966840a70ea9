import cupyx
import numpy as np


def iter_tiles(volume, tile, overlap):
    """Yields overlapping (z, y, x) tiles; one pinned staging block is reused for all of them."""
    nz, ny, nx = volume.shape
    step = tile - overlap
    staging = cupyx.empty_pinned((min(tile, nz), tile, tile), dtype=np.float32)
    for z in range(0, nz, step):
        for y in range(0, ny, step):
            for x in range(0, nx, step):
                sub = volume[z:z + tile, y:y + tile, x:x + tile]
                view = staging[: sub.shape[0], : sub.shape[1], : sub.shape[2]]
                view[:] = sub
                yield (z, y, x), view.copy()
