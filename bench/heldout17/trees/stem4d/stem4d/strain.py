"""Bragg-disk detection by template cross-correlation (PyCUDA)."""
from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda import gpuarray


def disk_template(q: int, radius: float) -> np.ndarray:
    yy, xx = np.mgrid[:q, :q] - q / 2
    return (np.hypot(xx, yy) <= radius).astype(np.float32)


def find_disks(frames: np.ndarray, template: np.ndarray, batch: int, thresh: float = 0.6) -> list[list[tuple[int, int]]]:
    t_dev = gpuarray.to_gpu(np.fft.fft2(template).astype(np.complex64))
    found = []
    for b0 in range(0, frames.shape[0], batch):
        patt = drv.pagelocked_empty((min(batch, frames.shape[0] - b0),) + frames.shape[1:], dtype=np.float32)
        patt[...] = frames[b0 : b0 + batch]
        corr = np.fft.ifft2(np.fft.fft2(patt) * t_dev.get()).real
        for c in corr:
            peaks = np.argwhere(c > thresh * c.max())
            found.append([tuple(p) for p in peaks[:32]])
    return found
