"""Host-side staging grids for dosing events and compartment scratch."""
from __future__ import annotations

import functools

import torch

_GRID_CACHE: dict[tuple[int, int, int], torch.Tensor] = {}


def dose_grid(step: int, n_subjects: int, n_times: int) -> torch.Tensor:
    """Staging grid for the dosing events of one batch (zeroed by the caller)."""
    key = (step, n_subjects, n_times)
    grid = _GRID_CACHE.get(key)
    if grid is None:
        grid = torch.zeros(n_subjects, n_times, pin_memory=True)
        _GRID_CACHE[key] = grid
    return grid


@functools.lru_cache(maxsize=None)
def compartment_scratch(n_compartments: int) -> torch.Tensor:
    return torch.empty(n_compartments, 4096, pin_memory=True)
