"""Disaggregates a radar frame into per-band rainfall fields on pinned host memory."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .assimilate import pinned_sharding

BANDS = ((0.0, 2.0), (2.0, 10.0), (10.0, 50.0), (50.0, 500.0))


def disaggregate(radar_mm_h: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    host = pinned_sharding()
    total = np.zeros(shape, np.float32)
    zoom = (shape[0] // radar_mm_h.shape[0], shape[1] // radar_mm_h.shape[1])
    for lo, hi in BANDS:
        band = jnp.where((radar_mm_h >= lo) & (radar_mm_h < hi), radar_mm_h, 0.0)
        up = jax.device_put(jnp.kron(band, jnp.ones(zoom, jnp.float32)), host)
        total += np.asarray(up)[: shape[0], : shape[1]]
    return total
