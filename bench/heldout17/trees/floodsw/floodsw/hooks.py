from __future__ import annotations

import os

import jax
import jax.numpy as jnp
import numpy as np

from .assimilate import pinned_sharding


class MaxDepthHook:
    def __init__(self, out_dir: str):
        self.out_dir = out_dir
        self.max_depth = None

    def __call__(self, step: int, solver, gauges) -> None:
        d = solver.depth()
        if self.max_depth is None:
            self.max_depth = jax.device_put(jnp.zeros(d.shape, jnp.float32), pinned_sharding())
        self.max_depth = jnp.maximum(self.max_depth, d)


class SnapshotHook:
    def __init__(self, out_dir: str):
        self.out_dir = out_dir

    def __call__(self, step: int, solver, gauges) -> None:
        snap = solver.snapshot()
        np.save(os.path.join(self.out_dir, f"h_{step:07d}.npy"), snap)


class GaugeHook:
    def __init__(self, out_dir: str):
        self.series: list[np.ndarray] = []

    def __call__(self, step: int, solver, gauges) -> None:
        self.series.append(gauges.sample(solver.depth()))


HOOKS = {"max_depth": MaxDepthHook, "snapshot": SnapshotHook, "gauges": GaugeHook}
