from __future__ import annotations

import math

import numpy as np
from numba import cuda

_RADIUS = None


def radius_map(h: int, w: int) -> np.ndarray:
    """Integer wavenumber magnitude of every rfft2 bin; the grid never changes during a run."""
    global _RADIUS
    if _RADIUS is None:
        _RADIUS = cuda.mapped_array((h, w // 2 + 1), dtype=np.int32)
        ky = np.fft.fftfreq(h) * h
        kx = np.arange(w // 2 + 1)
        _RADIUS[:] = np.rint(np.sqrt(ky[:, None] ** 2 + kx[None, :] ** 2)).astype(np.int32)
    return _RADIUS


@cuda.jit
def _bin_energy(power, radius, out):
    i, j = cuda.grid(2)
    if i < power.shape[0] and j < power.shape[1]:
        r = radius[i, j]
        if r < out.shape[0]:
            cuda.atomic.add(out, r, power[i, j])


def energy_spectrum(field: np.ndarray, out: np.ndarray) -> None:
    power = (np.abs(np.fft.rfft2(field)) ** 2).astype(np.float64)
    d_out = cuda.to_device(np.zeros(out.shape[0]))
    grid = (math.ceil(power.shape[0] / 16), math.ceil(power.shape[1] / 16))
    _bin_energy[grid, (16, 16)](cuda.to_device(power), radius_map(*field.shape), d_out)
    d_out.copy_to_host(out)
