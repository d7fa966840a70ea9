"""En-face projections of a finished angiography volume."""
from __future__ import annotations

import numpy as np
from numba import cuda


@cuda.jit
def _slab_mean(vol, out):
    b, x = cuda.grid(2)
    if b >= out.shape[0] or x >= out.shape[1]:
        return
    acc = 0.0
    for z in range(vol.shape[1]):
        acc += vol[b, z, x]
    out[b, x] = acc / vol.shape[1]


def project_volume(volume: np.ndarray, slab: int = 16) -> list[np.ndarray]:
    """Mean projection of every `slab`-deep slab. volume: (bscans, depth, alines)."""
    n_b, depth, n_x = volume.shape
    projections = []
    for z0 in range(0, depth, slab):
        out = cuda.mapped_array((n_b, n_x), dtype=np.float32)
        d_vol = cuda.to_device(np.ascontiguousarray(volume[:, z0:z0 + slab]))
        _slab_mean[((n_b + 15) // 16, (n_x + 15) // 16), (16, 16)](d_vol, out)
        cuda.synchronize()
        projections.append(np.array(out))
    return projections
