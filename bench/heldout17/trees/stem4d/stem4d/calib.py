from __future__ import annotations

import functools

import cupyx
import numpy as np


@functools.lru_cache(maxsize=16)
def q_grid(det_q: int, camera_length_mm: float, energy_kev: float):
    """Scattering vector magnitude per detector pixel for one microscope setting."""
    lam = 12.2643 / np.sqrt(energy_kev * 1e3 * (1 + 0.978476e-6 * energy_kev * 1e3))
    yy, xx = np.mgrid[:det_q, :det_q] - det_q / 2
    grid = cupyx.zeros_pinned((det_q, det_q), dtype=np.float32)
    grid[...] = np.hypot(xx, yy) * 55e-3 / camera_length_mm / lam
    return grid
