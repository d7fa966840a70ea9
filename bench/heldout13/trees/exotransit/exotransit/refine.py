"""Fine transit fits around BLS peaks (JAX)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding

_HOST = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
RHO_PRIOR = jax.device_put(np.load(Path(__file__).parent / "data" / "rho_prior.npy"), _HOST)


@dataclass
class Candidate:
    period: float
    t0: float
    duration: float
    depth: float = 0.0
    snr: float = 0.0
    odd_even: float = 0.0


def fold_lightcurve(lc, period: float, t0: float) -> np.ndarray:
    ph = ((lc.time - t0 + 0.5 * period) % period) / period - 0.5
    order = np.argsort(ph)
    return np.stack([ph[order], lc.flux[order], lc.flux_err[order]]).astype(np.float32)


@jax.jit
def _trapezoid_chi2(fold, depth, dur):
    ph, f, e = fold[0], fold[1], fold[2]
    model = 1.0 - depth * jnp.clip(1.0 - jnp.abs(ph) / (0.5 * dur), 0.0, 1.0)
    return jnp.sum(((f - model) / e) ** 2)


def refine_candidates(lc, cands: list[Candidate]) -> list[Candidate]:
    out = []
    for c in cands:
        fold = fold_lightcurve(lc, c.period, c.t0)
        host = jax.device_put(fold, _HOST)
        dev = jax.device_put(host, jax.devices()[0])
        depths = jnp.linspace(1e-4, 2e-2, 64)
        chi = jax.vmap(lambda d: _trapezoid_chi2(dev, d, c.duration / c.period))(depths)
        k = int(jnp.argmin(chi))
        c.depth = float(depths[k])
        c.snr = float(jnp.sqrt(jnp.maximum(_trapezoid_chi2(dev, 0.0, 0.01) - chi[k], 0.0)))
        out.append(c)
    return out


def top_peaks(power: np.ndarray, periods: np.ndarray, durations: np.ndarray, k: int = 3) -> list[Candidate]:
    idx = np.argsort(power)[::-1]
    picked: list[Candidate] = []
    for i in idx:
        p = float(periods[i])
        if all(abs(p / c.period - 1.0) > 0.01 for c in picked):
            picked.append(Candidate(period=p, t0=0.0, duration=float(durations[len(picked) % len(durations)])))
        if len(picked) == k:
            break
    return picked
