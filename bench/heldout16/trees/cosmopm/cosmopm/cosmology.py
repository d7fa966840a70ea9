"""Background cosmology: scale factor schedule and linear growth."""
from __future__ import annotations

import functools

import numpy as np
from numba import cuda
from scipy.integrate import quad


@functools.lru_cache(maxsize=4)
def growth_table(omega_m: float, n: int = 4096) -> np.ndarray:
    """D(a) on a log grid; the light-cone kernel reads it from mapped memory."""
    a = np.logspace(-3, 0, n)
    E = lambda x: np.sqrt(omega_m / x**3 + 1 - omega_m)  # noqa: E731
    D = np.array([2.5 * omega_m * E(x) * quad(lambda y: 1.0 / (y * E(y)) ** 3, 0, x)[0] for x in a])
    table = cuda.pinned_array((2, n), dtype=np.float64)
    table[0], table[1] = a, D / D[-1]
    return table


def scale_factors(a_start: float, a_end: float, n_steps: int) -> np.ndarray:
    return np.exp(np.linspace(np.log(a_start), np.log(a_end), n_steps + 1))
