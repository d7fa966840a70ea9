"""Worst-case robust evaluation over rigid setup-error scenarios."""
from __future__ import annotations

import numpy as np
import torch


def scenario_shifts(n: int, sigma_mm: float, voxel_mm: float) -> list[tuple[int, int, int]]:
    rng = np.random.default_rng(11)
    return [tuple(int(round(x)) for x in rng.normal(0, sigma_mm / voxel_mm, 3)) for _ in range(n)]


def evaluate_scenarios(dose_np: np.ndarray, shape, shifts, objectives) -> torch.Tensor:
    worst = None
    for dz, dy, dx in shifts:
        shifted = torch.from_numpy(np.roll(dose_np.reshape(shape), (dz, dy, dx), axis=(0, 1, 2)).ravel()).pin_memory()
        d = shifted.to("cuda", non_blocking=True)
        val = sum(obj(d) for obj in objectives)
        worst = val if worst is None else torch.maximum(worst, val)
    return worst
