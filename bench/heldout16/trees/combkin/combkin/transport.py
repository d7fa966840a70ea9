"""A minimal explicit transport step (the production code couples to the LES solver instead)."""
from __future__ import annotations

import numpy as np


class Transport:
    def __init__(self, shape: tuple[int, int, int], n_species: int, dx: float = 1e-4):
        self.shape = shape
        self.dx = dx
        self.T = np.full(shape, 300.0)
        self.p = np.full(shape, 1.0e5)
        self.Y = np.zeros(shape + (n_species,))
        self.Y[..., 0] = 0.0283
        self.Y[..., 1] = 0.2264
        self.u = np.zeros(shape + (3,))
        self.u[..., 0] = 120.0

    def step(self, dt: float) -> None:
        c = self.u[..., 0] * dt / self.dx
        self.T -= c * (self.T - np.roll(self.T, 1, axis=0))
        self.Y -= c[..., None] * (self.Y - np.roll(self.Y, 1, axis=0))
        np.clip(self.Y, 0.0, 1.0, out=self.Y)
