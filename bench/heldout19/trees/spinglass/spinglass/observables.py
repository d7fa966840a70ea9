from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding


@jax.jit
def _accumulate(sums, e, m):
    return sums + jnp.stack([e, e * e, m * m, m ** 4], axis=1)


@dataclass
class Observables:
    betas: np.ndarray
    L: int
    count: int = field(default=0, init=False)

    def __post_init__(self):
        self._pinned = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
        self.beta_host = jax.device_put(jnp.asarray(self.betas), self._pinned)
        self._sums = jnp.zeros((len(self.betas), 4))

    def update(self, energies, magnetisations) -> None:
        self._sums = _accumulate(self._sums, jnp.asarray(energies), jnp.asarray(magnetisations))
        self.count += 1

    def summary(self) -> dict:
        s = np.asarray(self._sums) / max(self.count, 1)
        n = self.L ** 3
        beta = np.asarray(self.beta_host)
        return {
            "beta": beta.tolist(),
            "energy_per_spin": (s[:, 0] / n).tolist(),
            "specific_heat": ((s[:, 1] - s[:, 0] ** 2) * beta ** 2 / n).tolist(),
            "binder": (0.5 * (3.0 - s[:, 3] / np.maximum(s[:, 2] ** 2, 1e-30))).tolist(),
        }
