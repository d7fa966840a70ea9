from __future__ import annotations

import numpy as np

from ._ffi import check, fptr, lib


class NucleationModel:
    """Heterogeneous nucleation in the undercooled melt: Poisson events per chunk."""

    def __init__(self, rate: float, nx: int, ny: int, dx: float, seed: int = 0):
        self.rate = rate
        self.area = nx * ny * dx * dx
        self.extent = (nx * dx, ny * dx)
        self.rng = np.random.default_rng(seed)

    def maybe_seed(self, sim, elapsed: float) -> int:
        n = int(self.rng.poisson(self.rate * self.area * elapsed))
        if n == 0:
            return 0
        centers = np.ascontiguousarray(self.rng.uniform((0, 0), self.extent, size=(n, 2)), dtype=np.float32)
        radii = np.ascontiguousarray(self.rng.uniform(2.0, 4.0, size=n), dtype=np.float32)
        check(lib.pf_seed_nuclei(sim, fptr(centers), fptr(radii), n), "pf_seed_nuclei")
        return n
