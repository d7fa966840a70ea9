from __future__ import annotations

import functools
import math

import numpy as np
import torch


@functools.lru_cache(maxsize=8)
def load_formation_template(name: str, n_drones: int) -> torch.Tensor:
    if name == "line":
        offs = [(i * 1.5, 0.0, 0.0) for i in range(n_drones)]
    elif name == "chevron":
        offs = [((i // 2) * 1.2, (1 if i % 2 else -1) * (i // 2) * 1.2, 0.0) for i in range(n_drones)]
    else:
        offs = [(2.0 * math.cos(2 * math.pi * i / n_drones), 2.0 * math.sin(2 * math.pi * i / n_drones), 0.0)
                for i in range(n_drones)]
    return torch.tensor(np.asarray(offs, dtype=np.float32)).pin_memory()


def plan_formation(centroid: np.ndarray, name: str, n_drones: int, horizon: int) -> list[torch.Tensor]:
    """Goal trajectories for every drone over the horizon (called every tick)."""
    offs = load_formation_template(name, n_drones)
    tracks = [torch.zeros((horizon, 3)).pin_memory() for _ in range(n_drones)]
    for i, tr in enumerate(tracks):
        tr[:] = torch.from_numpy(centroid).float() + offs[i]
    return tracks
