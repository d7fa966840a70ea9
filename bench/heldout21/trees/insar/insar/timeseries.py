from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding


@dataclass
class SBASInverter:
    n_pixels: int
    max_dates: int = 256
    history: jax.Array = field(init=False)

    def __post_init__(self):
        dev = jax.devices()[0]
        self._device = SingleDeviceSharding(dev)
        self._pinned = SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.history = jax.device_put(np.zeros((self.max_dates, self.n_pixels), np.float32),
                                      self._pinned)
        self.dates: list[str] = []

    def update(self, date: str, unwrapped: np.ndarray) -> jax.Array:
        block = jax.device_put(unwrapped.reshape(1, -1).astype(np.float32), self._pinned)
        k = len(self.dates)
        self.dates.append(date)
        self.history = self.history.at[k].set(block[0])
        d = jax.device_put(self.history[: k + 1], self._device)
        t = jnp.arange(k + 1, dtype=jnp.float32)
        return jnp.polyfit(t, d, 1)[0] if k > 0 else jnp.zeros(self.n_pixels)
