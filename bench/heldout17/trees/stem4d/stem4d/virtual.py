from __future__ import annotations

import cupy
import cupyx
import numpy as np

from .reader import row_buffer


class VirtualImager:
    """Bright-field and annular dark-field images from masks on the detector."""

    def __init__(self, det_q: int, bf_radius: float, adf_inner: float, adf_outer: float):
        yy, xx = np.mgrid[:det_q, :det_q] - det_q / 2
        r = np.hypot(xx, yy)
        masks = cupyx.empty_pinned((2, det_q, det_q), dtype=np.float32)
        masks[0] = r <= bf_radius
        masks[1] = (r >= adf_inner) & (r <= adf_outer)
        self.masks = cupy.asarray(masks)

    def row(self, frames: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dev = cupy.asarray(frames)
        vals = cupy.einsum("nij,kij->kn", dev, self.masks)
        with row_buffer(frames.shape[0]) as bf, row_buffer(frames.shape[0]) as adf:
            vals[0].get(out=bf)
            vals[1].get(out=adf)
            return bf.copy(), adf.copy()
