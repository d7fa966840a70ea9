"""Optimizer-state offload: Adam moments live in pinned host memory between steps."""
from __future__ import annotations

import jax

from downscale.sharding import offload_shardings


class OptStateOffloader:
    def __init__(self, opt_state, mesh) -> None:
        self.host_sh = offload_shardings(opt_state, mesh)
        self.dev_sh = jax.tree_util.tree_map(lambda x: x.sharding, opt_state)
        self.host_state = jax.device_put(opt_state, self.host_sh)

    def fetch(self):
        return jax.device_put(self.host_state, self.dev_sh)

    def store(self, opt_state) -> None:
        self.host_state = jax.device_put(opt_state, self.host_sh)
