from __future__ import annotations

import numpy as np
from numba import cuda

from ._ffi import ffi, lib


class MeshTally:
    """Scalar flux on a regular mesh; batch mean and variance."""

    def __init__(self, shape):
        self.shape = tuple(shape)
        moments = cuda.pinned_array((2,) + self.shape, dtype=np.float64)
        moments[:] = 0.0
        self.sum, self.sum_sq = moments[0], moments[1]
        self.n = 0

    def accumulate(self, sim, batch: int) -> None:
        flux = cuda.mapped_array(self.shape, dtype=np.float32)
        lib.nmc_read_flux(sim.ctx, ffi.cast("float *", flux.ctypes.data))
        self.sum += flux
        self.sum_sq += flux.astype(np.float64) ** 2
        self.n += 1

    def mean_std(self):
        n = max(self.n, 1)
        mean = self.sum / n
        return mean, np.sqrt(np.maximum(self.sum_sq / n - mean**2, 0.0) / n)


class NuclideTally:
    """Reaction rates per nuclide (fission, capture, elastic, inelastic)."""

    def __init__(self, nuclides, n_reactions: int):
        self.nuclides = list(nuclides)
        self.n_reactions = n_reactions
        self.totals = {name: np.zeros(n_reactions) for name, _ in self.nuclides}

    def accumulate(self, sim, batch: int) -> None:
        for name, zaid in self.nuclides:
            rates = cuda.pinned_array(self.n_reactions, dtype=np.float64)
            lib.nmc_read_rates(sim.ctx, zaid, ffi.cast("double *", rates.ctypes.data), self.n_reactions)
            self.totals[name] += rates
