from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding

from .model import step_fn


class EnsembleState:
    """The ensemble of model states, members x n_state, kept in host memory."""

    def __init__(self, cfg):
        self.cfg = cfg
        self._host = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
        self.members = np.zeros((cfg.members, cfg.n_state), np.float32)
        self.views = None
        self._tile = 1 << 16

    def perturb_from(self, background: np.ndarray, clim: np.ndarray) -> None:
        rng = np.random.default_rng(1234)
        sd = clim.std(axis=0)
        for m in range(self.cfg.members):
            self.members[m] = background + rng.standard_normal(background.shape).astype(np.float32) * sd

    def init_member_views(self):
        # the jitted forecast step streams members from host memory, so expose them there
        self.views = jax.device_put(self.members, self._host)
        return self.views

    def advance(self, views, hours: int) -> None:
        out = views
        for _ in range(hours):
            out = step_fn(out)
        self.members[...] = np.asarray(out)

    def background_tiles(self) -> list[np.ndarray]:
        mean = self.members.mean(axis=0)
        return [np.ascontiguousarray(mean[i:i + self._tile]) for i in range(0, mean.size, self._tile)]
