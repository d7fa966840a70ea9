"""Bayesian magnitude prior p(z, T | m0) (Benitez 2000), evaluated with JAX."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding


@dataclass
class MagnitudePrior:
    path: str
    device_index: int = 0
    table: jax.Array | None = field(default=None, init=False)

    def __post_init__(self):
        with open(self.path) as fh:
            raw = json.load(fh)
        # rows: template classes; columns: alpha, z0, km, kt, ft
        rows = np.asarray([[c["alpha"], c["z0"], c["km"], c["kt"], c["ft"]] for c in raw["classes"]],
                          dtype=np.float32)
        dev = jax.devices()[self.device_index]
        host = SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.table = jax.device_put(rows, host)

    def log_prior(self, m0: jax.Array, zgrid: jax.Array) -> jax.Array:
        t = jax.device_put(self.table, jax.devices()[self.device_index])
        alpha, z0, km = t[:, 0:1], t[:, 1:2], t[:, 2:3]
        zm = z0[None] + km[None] * (m0[:, None, None] - 20.0)
        z = zgrid[None, None, :]
        return alpha[None] * jnp.log(z + 1e-6) - (z / zm) ** alpha[None]
