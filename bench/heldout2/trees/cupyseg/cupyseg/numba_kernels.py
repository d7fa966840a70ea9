"""Small Numba CUDA kernels used for QC of the tiles."""
from __future__ import annotations

import numpy as np
from numba import cuda

_hist_host = None


@cuda.jit
def _hist_kernel(img, out):
    i = cuda.grid(1)
    if i < img.shape[0]:
        cuda.atomic.add(out, img[i], 1)


@cuda.jit
def _tissue_kernel(img, mask, thresh):
    y, x = cuda.grid(2)
    if y < img.shape[0] and x < img.shape[1]:
        s = int(img[y, x, 0]) + int(img[y, x, 1]) + int(img[y, x, 2])
        mask[y, x] = 1.0 if s < thresh else 0.0


def histogram(img_dev, bins: int = 256) -> np.ndarray:
    """img_dev: flat uint8 device array."""
    global _hist_host
    if _hist_host is None or _hist_host.size < bins:
        _hist_host = cuda.pinned_array(bins, dtype=np.int64)
    counts = cuda.to_device(np.zeros(bins, dtype=np.int64))
    threads = 256
    _hist_kernel[(img_dev.size + threads - 1) // threads, threads](img_dev, counts)
    counts.copy_to_host(_hist_host[:bins])
    return _hist_host[:bins].copy()


def tissue_masks(tiles: np.ndarray, thresh: int = 600):
    for t in tiles:
        mask = cuda.mapped_array(t.shape[:2], dtype=np.float32)
        d = cuda.to_device(t)
        _tissue_kernel[(t.shape[0] // 16, t.shape[1] // 16), (16, 16)](d, mask, thresh)
        cuda.synchronize()
        yield np.array(mask)
