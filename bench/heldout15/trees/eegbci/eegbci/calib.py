"""Riemannian covariance tracking for calibration and unsupervised adaptation (JAX)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding


def _sqrtm(c):
    w, v = jnp.linalg.eigh(c)
    return (v * jnp.sqrt(jnp.clip(w, 1e-10))) @ v.T


def _invsqrtm(c):
    w, v = jnp.linalg.eigh(c)
    return (v / jnp.sqrt(jnp.clip(w, 1e-10))) @ v.T


@jax.jit
def geodesic_step(mean, cov, t):
    s, si = _sqrtm(mean), _invsqrtm(mean)
    w, v = jnp.linalg.eigh(si @ cov @ si)
    return s @ ((v * jnp.power(jnp.clip(w, 1e-10), t)) @ v.T) @ s


class CovarianceTracker:
    def __init__(self, n_channels: int, n_classes: int):
        self.device = jax.devices()[0]
        self.host = SingleDeviceSharding(self.device, memory_kind="pinned_host")
        self.means = [jnp.eye(n_channels) for _ in range(n_classes)]
        self.counts = [0] * n_classes

    def update(self, trial: np.ndarray, label: int) -> None:
        """Fold one trial (channels x samples) into its class mean."""
        cov = trial @ trial.T / trial.shape[1] + 1e-3 * np.eye(trial.shape[0], dtype=trial.dtype)
        staged = jax.device_put(cov, self.host)
        c = jax.device_put(staged, self.device)
        self.counts[label] += 1
        self.means[label] = geodesic_step(self.means[label], c, 1.0 / self.counts[label])

    def finalize(self):
        """Class means, parked in pinned host memory for the session report."""
        return jax.device_put(jnp.stack(self.means), self.host)
