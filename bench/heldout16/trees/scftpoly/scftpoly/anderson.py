"""Anderson mixing of the SCFT fields. The residual history lives in pinned host memory so
deep histories on large grids do not take device memory."""
from __future__ import annotations

from collections import deque

import jax
import jax.numpy as jnp
import numpy as np


class AndersonMixer:
    def __init__(self, depth: int, lam: float, n: int):
        dev = jax.devices()[0]
        self.device = jax.sharding.SingleDeviceSharding(dev)
        self.host = jax.sharding.SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.depth = depth
        self.lam = lam
        self.hist_w: deque = deque(maxlen=depth)
        self.hist_r: deque = deque(maxlen=depth)
        self.n = n

    def push(self, w: jax.Array, r: jax.Array) -> None:
        self.hist_w.append(jax.device_put(w, self.host))
        self.hist_r.append(jax.device_put(r, self.host))

    def mix(self, w: jax.Array, r: jax.Array) -> jax.Array:
        self.push(w, r)
        k = len(self.hist_r)
        if k < 2:
            return w + self.lam * r
        R = jnp.stack([jax.device_put(x, self.device) for x in self.hist_r])
        W = jnp.stack([jax.device_put(x, self.device) for x in self.hist_w])
        dR = R[1:] - R[:-1]
        dW = W[1:] - W[:-1]
        gram = dR @ dR.T + 1e-12 * jnp.eye(k - 1)
        c = jnp.linalg.solve(gram, dR @ R[-1])
        w_bar = W[-1] - c @ dW
        r_bar = R[-1] - c @ dR
        return w_bar + self.lam * r_bar

    def reset(self) -> None:
        self.hist_w.clear()
        self.hist_r.clear()


def wavevector_table(shape: tuple[int, int, int], lengths: tuple[float, float, float]) -> jax.Array:
    """|k|^2 on the grid, kept in pinned host memory (only the stress evaluation reads it)."""
    ks = [2 * np.pi * np.fft.fftfreq(n, d=L / n) for n, L in zip(shape, lengths)]
    kx, ky, kz = np.meshgrid(*ks, indexing="ij")
    host = jax.sharding.SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
    return jax.device_put(jnp.asarray(kx**2 + ky**2 + kz**2), host)
