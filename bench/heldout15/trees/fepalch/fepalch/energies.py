from __future__ import annotations

import functools

import numpy as np
import torch

KB_KCAL = 0.0019872041


@functools.lru_cache(maxsize=8)
def _reduction_buffer(n_windows: int) -> torch.Tensor:
    return torch.zeros((n_windows, n_windows), dtype=torch.float64).pin_memory()


class ReducedPotential:
    """u_ij = beta * U_i(x_j) + beta * p V, evaluated for every window pair."""

    def __init__(self, n_atoms: int, temperature: float, pressure_term: float = 0.0):
        self.n_atoms = n_atoms
        self.beta = 1.0 / (KB_KCAL * temperature)
        self.pressure_term = pressure_term
        self._volume_term: torch.Tensor | None = None

    def __call__(self, u: np.ndarray) -> np.ndarray:
        k = u.shape[0]
        buf = _reduction_buffer(k)
        buf.copy_(torch.from_numpy(np.ascontiguousarray(u, dtype=np.float64) * self.beta))
        if self._volume_term is None:
            self._volume_term = torch.full((k,), self.beta * self.pressure_term,
                                           dtype=torch.float64, pin_memory=True)
        return (buf + self._volume_term[:, None]).numpy().copy()
