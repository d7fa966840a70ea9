from __future__ import annotations

import functools

import cupyx
import numpy as np

RETURN_PERIODS = (10, 25, 50, 100, 200, 250, 500, 1000)


@functools.lru_cache(maxsize=4)
def exceedance_grid(n_years: int):
    grid = cupyx.zeros_pinned(len(RETURN_PERIODS), dtype=np.int64)
    grid[:] = [max(0, n_years - n_years // rp) for rp in RETURN_PERIODS]
    return grid


def ep_curve(year_losses: np.ndarray) -> dict[int, float]:
    idx = exceedance_grid(len(year_losses))
    s = np.sort(year_losses)
    return {rp: float(s[min(i, len(s) - 1)]) for rp, i in zip(RETURN_PERIODS, idx)}


def aal(year_losses: np.ndarray) -> float:
    return float(np.mean(year_losses))
