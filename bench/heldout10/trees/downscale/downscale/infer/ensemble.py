"""Generative ensemble: one forward per member with its own noise field."""
from __future__ import annotations

import jax

from downscale.sharding import host_sharding


def sample_members(params, apply_fn, coarse, static, n_members: int, key):
    host = host_sharding()
    members = []
    shape = (coarse.shape[0], 1, coarse.shape[2] * 4, coarse.shape[3] * 4)
    for m in range(n_members):
        key, sub = jax.random.split(key)
        y = apply_fn(params, coarse, static, jax.random.normal(sub, shape))
        members.append(jax.device_put(y, host))
    return members
