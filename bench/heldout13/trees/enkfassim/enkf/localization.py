from __future__ import annotations

import functools

import numpy as np
import torch

from .grids import load_grid


def gaspari_cohn(r: np.ndarray) -> np.ndarray:
    r = np.abs(r)
    w = np.zeros_like(r)
    a = r <= 1.0
    b = (r > 1.0) & (r < 2.0)
    ra = r[a]
    w[a] = -0.25 * ra**5 + 0.5 * ra**4 + 0.625 * ra**3 - 5.0 / 3.0 * ra**2 + 1.0
    rb = r[b]
    w[b] = rb**5 / 12.0 - 0.5 * rb**4 + 0.625 * rb**3 + 5.0 / 3.0 * rb**2 - 5.0 * rb + 4.0 - 2.0 / (3.0 * rb)
    return w


@functools.lru_cache(maxsize=8)
def gc_weights(radius_km: float, grid_id: str) -> torch.Tensor:
    lat, lon = load_grid(grid_id)
    dist = np.hypot(lat - lat.mean(), lon - lon.mean()) * 111.0
    w = gaspari_cohn(dist / (0.5 * radius_km))
    return torch.from_numpy(w.astype(np.float32)).pin_memory()
