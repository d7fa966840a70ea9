from __future__ import annotations

import jax
import jax.numpy as jnp

from .ephem import PINNED, earth_at


@jax.jit
def _residuals(state, t, ra, dec):
    r = state[:3][None] + state[3:][None] * (t - t[0])[:, None]
    rel = r - earth_at(t)
    pra = jnp.arctan2(rel[:, 1], rel[:, 0])
    pdec = jnp.arcsin(rel[:, 2] / jnp.linalg.norm(rel, axis=1))
    return jnp.concatenate([pra - ra, pdec - dec])


def refine_orbits(cands: list) -> list:
    out = []
    for c in cands:
        obs = jax.device_put(c.obs, PINNED)
        t, ra, dec = obs[:, 0], obs[:, 1], obs[:, 2]
        state = jnp.asarray(c.state0)
        for _ in range(8):
            J = jax.jacfwd(_residuals)(state, t, ra, dec)
            res = _residuals(state, t, ra, dec)
            state = state - jnp.linalg.lstsq(J, res)[0]
        out.append((c, state, float(jnp.sqrt(jnp.mean(res ** 2)))))
    return out
