from __future__ import annotations

from dataclasses import dataclass, field

import jax
import numpy as np
from jax.sharding import SingleDeviceSharding


@dataclass
class Deme:
    name: str
    size: int
    growth: float = 0.0


@dataclass
class DemographyModel:
    demes: list[Deme]
    migration: np.ndarray
    generations: int
    sizes: np.ndarray = field(init=False)

    def __post_init__(self):
        m = np.asarray(self.migration, dtype=np.float32)
        if m.shape != (len(self.demes), len(self.demes)):
            raise ValueError(f"migration matrix {m.shape} does not match {len(self.demes)} demes")
        if (m < 0).any() or (m.sum(axis=1) > 1).any():
            raise ValueError("migration rates must be probabilities with row sums <= 1")
        self.migration = m
        # The expected-heterozygosity projection runs in JAX and reads the matrix from host memory.
        host = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
        self.migration_host = jax.device_put(m, host)
        self.sizes = np.array([d.size for d in self.demes], dtype=np.int64)

    def sizes_at(self, generation: int) -> np.ndarray:
        growth = np.array([d.growth for d in self.demes])
        return np.maximum(2, np.round(self.sizes * np.exp(growth * generation))).astype(np.int64)
