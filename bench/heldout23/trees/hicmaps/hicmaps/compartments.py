from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class CompartmentCaller:
    """A/B compartments: first eigenvector of the O/E correlation matrix, oriented by GC."""

    gc_track: np.ndarray
    n_eig: int = 3
    _pinned: jax.sharding.Sharding = field(init=False, repr=False)

    def __post_init__(self) -> None:
        dev = jax.devices()[0]
        self._pinned = jax.sharding.SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.gc_host = jax.device_put(np.asarray(self.gc_track, np.float32), self._pinned)

    def eigenvector(self, oe: np.ndarray) -> np.ndarray:
        x = jnp.asarray(np.nan_to_num(oe, nan=0.0), dtype=jnp.float32)
        x = x - x.mean(axis=1, keepdims=True)
        corr = jnp.corrcoef(x)
        corr = jnp.nan_to_num(corr)
        w, v = jnp.linalg.eigh(corr)
        e1 = v[:, -1]
        gc = jax.device_put(self.gc_host, jax.devices()[0])[: e1.shape[0]]
        sign = jnp.sign(jnp.corrcoef(e1, gc)[0, 1])
        return np.asarray(e1 * jnp.where(sign == 0, 1.0, sign))
