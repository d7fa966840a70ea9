"""Linearised response of the magnetic diagnostics to profile coefficients (JAX)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding


def profile_basis(coeffs: np.ndarray, n_psi: int = 65) -> np.ndarray:
    """p'(psi) and FF'(psi) as polynomials in normalised psi, sampled on n_psi points."""
    x = np.linspace(0.0, 1.0, n_psi)
    half = len(coeffs) // 2
    pp = sum(c * (x**k - x ** (half)) for k, c in enumerate(coeffs[:half]))
    ff = sum(c * (x**k - x ** (half)) for k, c in enumerate(coeffs[half:]))
    return np.stack([pp, ff]).astype(np.float32)


@jax.jit
def _predict(greens, basis):
    return jnp.einsum("mpk,pk->m", greens, basis)


_jac = jax.jit(jax.jacfwd(_predict, argnums=1))


class ResponseModel:
    def __init__(self, greens: np.ndarray):
        self.device = jax.devices()[0]
        self.host = SingleDeviceSharding(self.device, memory_kind="pinned_host")
        self.greens_host = jax.device_put(greens.astype(np.float32), self.host)
        self.greens = jax.device_put(self.greens_host, self.device)

    def jacobian(self, coeffs: np.ndarray):
        basis = profile_basis(coeffs)
        staged = jax.device_put(basis, self.host)
        b = jax.device_put(staged, self.device)
        return _predict(self.greens, b), _jac(self.greens, b)

    def fit(self, meas: np.ndarray, coeffs0: np.ndarray, n_iter: int = 20, lam: float = 1e-2) -> np.ndarray:
        c = coeffs0.astype(np.float64).copy()
        for _ in range(n_iter):
            pred, jac = self.jacobian(c)
            r = np.asarray(meas) - np.asarray(pred)
            j = np.asarray(jac).reshape(len(r), -1)[:, : len(c)]
            step = np.linalg.solve(j.T @ j + lam * np.eye(len(c)), j.T @ r)
            c += step
            if np.linalg.norm(step) < 1e-8:
                break
        return c
