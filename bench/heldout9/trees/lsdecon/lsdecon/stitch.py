import cupyx
import numpy as np


def stitch(results, shape, tile, overlap):
    """Blends deconvolved tiles with linear ramps in the overlaps."""
    out = np.zeros(shape, dtype=np.float32)
    norm = np.zeros(shape, dtype=np.float32)
    for (z, y, x), t in results:
        w = cupyx.zeros_pinned(t.shape, dtype=np.float32)
        w[:] = 1.0
        for ax in range(3):
            ramp = np.minimum(np.arange(t.shape[ax]) + 1, overlap) / overlap
            w *= np.expand_dims(ramp, [a for a in range(3) if a != ax])
        out[z:z + t.shape[0], y:y + t.shape[1], x:x + t.shape[2]] += w * t
        norm[z:z + t.shape[0], y:y + t.shape[1], x:x + t.shape[2]] += w
    return out / np.maximum(norm, 1e-6)
