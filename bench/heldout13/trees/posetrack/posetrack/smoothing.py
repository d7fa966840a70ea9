from __future__ import annotations

import math

import numpy as np
import torch


class OneEuroSmoother:
    """One-euro filter over the triangulated joints (Casiez et al. 2012)."""

    def __init__(self, min_cutoff: float = 1.0, beta: float = 0.007, d_cutoff: float = 1.0):
        self.min_cutoff = min_cutoff
        self.beta = beta
        self.d_cutoff = d_cutoff
        self.prev = None
        self.dprev = None
        self.t_prev = None

    @staticmethod
    def _alpha(cutoff: float, dt: float) -> float:
        tau = 1.0 / (2 * math.pi * cutoff)
        return 1.0 / (1.0 + tau / dt)

    def __call__(self, pts: np.ndarray, t: float) -> np.ndarray:
        x = torch.from_numpy(np.asarray(pts, np.float32))
        if self.prev is None:
            self.prev, self.dprev, self.t_prev = x.clone(), torch.zeros_like(x), t
            return pts
        dt = max(t - self.t_prev, 1e-3)
        dx = (x - self.prev) / dt
        a_d = self._alpha(self.d_cutoff, dt)
        dx_hat = a_d * dx + (1 - a_d) * self.dprev
        cutoff = self.min_cutoff + self.beta * float(dx_hat.norm(dim=-1).mean())
        a = self._alpha(cutoff, dt)
        out = a * x + (1 - a) * self.prev
        self.prev = torch.empty(out.shape, dtype=out.dtype, pin_memory=True)
        self.prev.copy_(out)
        self.dprev, self.t_prev = dx_hat, t
        return out.numpy()
