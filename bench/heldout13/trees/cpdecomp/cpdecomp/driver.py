from __future__ import annotations

import logging

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding

from . import _cpd

log = logging.getLogger("cpdecomp")
_HOST = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")


class CPModel:
    """A fitted Kruskal tensor; factors kept in pinned host memory for the JAX scoring code."""

    def __init__(self, solver, dims):
        flat = solver.factors()
        rank = len(solver.weights())
        self.weights = np.asarray(solver.weights())
        self.factors = [jax.device_put(np.asarray(f).reshape(rank, d).T, _HOST) for f, d in zip(flat, dims)]

    def reconstruct(self, idx: np.ndarray) -> jnp.ndarray:
        prod = jnp.ones((idx.shape[0], len(self.weights)))
        for m, f in enumerate(self.factors):
            prod = prod * jax.device_put(f, jax.devices()[0])[idx[:, m]]
        return prod @ jnp.asarray(self.weights)


class FitTracker:
    """Iteration callback: keeps the weight history for the convergence plot."""

    def __init__(self):
        self.history = []

    def __call__(self, it: int, solver, fit: float) -> None:
        w = jax.device_put(np.asarray(solver.weights()), _HOST)
        self.history.append((it, fit, w))
        log.info("iteration %d: fit %.6f, max weight %.3e", it, fit, float(jnp.max(w)))


def cp_als(path: str, rank: int, nnz_hint: int, n_iter: int = 50, tol: float = 1e-5, seed: int = 0, callbacks=()):
    _cpd.initialize()
    coo = _cpd.read_tns(path, nnz_hint)
    tensor = _cpd.SparseTensor(coo)
    solver = _cpd.CpAls(tensor, rank, seed)
    prev = 0.0
    for it in range(n_iter):
        fit = solver.iterate()
        for cb in callbacks:
            cb(it, solver, fit)
        if abs(fit - prev) < tol:
            break
        prev = fit
    return CPModel(solver, list(tensor.dims))
