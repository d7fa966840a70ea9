"""Newtonian nudging of the depth field toward gauge observations (JAX)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np


def pinned_sharding():
    return jax.sharding.SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")


class Nudger:
    def __init__(self, stations_ij: np.ndarray, shape: tuple[int, int], gain: float, radius: int = 8):
        self.host = pinned_sharding()
        self.gain = gain
        yy, xx = np.mgrid[: shape[0], : shape[1]]
        w = np.zeros((len(stations_ij),) + shape, np.float32)
        for k, (i, j) in enumerate(stations_ij):
            w[k] = np.exp(-((yy - i) ** 2 + (xx - j) ** 2) / (2 * radius**2))
        self.weights = jax.device_put(jnp.asarray(w), self.host)

    def update(self, depth: np.ndarray, model_at_gauges: np.ndarray, observed: np.ndarray) -> np.ndarray:
        innov = jnp.asarray(observed - model_at_gauges)
        innov_host = jax.device_put(innov, self.host)
        corr = jnp.tensordot(jnp.asarray(innov_host), jnp.asarray(self.weights), axes=1)
        return np.maximum(depth + self.gain * np.asarray(corr), 0.0)
