"""Probability of collision (2-D Foster method) in JAX."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

_HOST = jax.sharding.SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")


class CovarianceStore:
    """6x6 covariances of every catalogued object, kept in pinned host memory (the device only
    needs the handful involved in a request)."""

    def __init__(self, path: str):
        self.cov = jax.device_put(jnp.asarray(np.load(path), dtype=jnp.float32), _HOST)

    def take(self, idx: np.ndarray) -> jax.Array:
        return jax.device_put(self.cov[idx], jax.devices()[0])


@functools.lru_cache(maxsize=8)
def gauss_legendre(order: int) -> jax.Array:
    x, w = np.polynomial.legendre.leggauss(order)
    return jax.device_put(jnp.asarray(np.stack([x, w]), dtype=jnp.float32), _HOST)


@jax.jit
def _foster(miss, c1, c2, hbr, nodes):
    c = (c1 + c2)[:, :2, :2]
    inv = jnp.linalg.inv(c)
    det = jnp.linalg.det(c)
    r = hbr * (nodes[0] + 1) / 2
    th = jnp.pi * (nodes[0] + 1)
    pts = jnp.stack([r[:, None] * jnp.cos(th)[None], r[:, None] * jnp.sin(th)[None]], -1)
    d = pts[None] - miss[:, None, None, :2]
    q = jnp.einsum("nabi,nij,nabj->nab", d, inv, d)
    f = jnp.exp(-0.5 * q) / (2 * jnp.pi * jnp.sqrt(det))[:, None, None]
    w = nodes[1][:, None] * nodes[1][None] * r[:, None] * (hbr / 2) * jnp.pi
    return (f * w[None]).sum((1, 2))


def collision_probability(store: CovarianceStore, events, rel_pos: np.ndarray, hbr_km: float) -> np.ndarray:
    prim = np.array([e[0] for e in events])
    sec = np.array([e[1] for e in events])
    nodes = jax.device_put(gauss_legendre(16), jax.devices()[0])
    pc = _foster(jnp.asarray(rel_pos), store.take(prim), store.take(sec), hbr_km, nodes)
    out = jax.device_put(pc, _HOST)
    return np.asarray(out)
