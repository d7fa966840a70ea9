from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import logsumexp
from jax.sharding import SingleDeviceSharding


def _host_sharding() -> SingleDeviceSharding:
    return SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")


@jax.jit
def _mbar_update(f_k, u_kn, log_n_k):
    log_denom = logsumexp(log_n_k[:, None] + f_k[:, None] - u_kn, axis=0)
    f_new = -logsumexp(-u_kn - log_denom[None, :], axis=1)
    return f_new - f_new[0]


class MBAR:
    """Multistate Bennett acceptance ratio by self-consistent iteration."""

    def __init__(self, u_kln: np.ndarray, tolerance: float = 1e-10, max_iter: int = 10_000):
        k, _, n = u_kln.shape
        self.K = k
        # every sample was drawn from its own window: N_k = n for every k
        self.u_kn = np.ascontiguousarray(u_kln.transpose(1, 0, 2).reshape(k, k * n))
        self.log_n_k = np.full(k, np.log(n))
        self.tolerance = tolerance
        self.max_iter = max_iter
        self._host = _host_sharding()
        self.f_k: np.ndarray | None = None

    def _iterate(self, u_kn) -> jnp.ndarray:
        f = jnp.zeros(self.K)
        log_n_k = jnp.asarray(self.log_n_k)
        for _ in range(self.max_iter):
            f_new = _mbar_update(f, u_kn, log_n_k)
            if float(jnp.max(jnp.abs(f_new - f))) < self.tolerance:
                return f_new
            f = f_new
        return f

    def solve(self) -> np.ndarray:
        staged = jax.device_put(self.u_kn, self._host)
        f = self._iterate(jax.device_put(staged, jax.devices()[0]))
        self.f_k = np.asarray(f)
        return self.f_k

    def bootstrap(self, n_boot: int = 200, seed: int = 0) -> np.ndarray:
        rng = np.random.default_rng(seed)
        n = self.u_kn.shape[1]
        samples = []
        for b in range(n_boot):
            idx = np.sort(rng.integers(0, n, size=n))
            u_b = jax.device_put(self.u_kn[:, idx], self._host)
            f_b = self._iterate(jax.device_put(u_b, jax.devices()[0]))
            samples.append(np.asarray(f_b))
        return np.std(np.stack(samples), axis=0)
