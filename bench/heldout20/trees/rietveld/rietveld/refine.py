from __future__ import annotations

import logging

import numpy as np

from . import background
from ._lib import RV_GLOBAL, RV_PER_PHASE, Context, check, dptr, lib
from .jacobian import numeric_jacobian

log = logging.getLogger(__name__)


class PatternModel:
    def __init__(self, ctx: Context, tth: np.ndarray, n_phases: int):
        self.ctx = ctx
        self.n_points = tth.size
        self.n_phases = n_phases
        self.tth = np.ascontiguousarray(tth, dtype=np.float64)
        self._peaks = np.empty(self.n_points)
        check(lib.rv_set_two_theta(ctx.handle, dptr(self.tth), self.n_points), "two-theta grid")

    def compute(self, params: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        out = np.empty(self.n_points) if out is None else out
        check(lib.rv_profile_peaks(self.ctx.handle, dptr(params), self.n_phases, dptr(self._peaks)), "peaks")
        check(lib.rv_compute_pattern(self.ctx.handle, dptr(params), params.size, dptr(out)), "pattern")
        return out


class Refinement:
    """Damped Gauss-Newton on the weighted profile residual."""

    def __init__(self, model: PatternModel, yobs: np.ndarray, params: np.ndarray, active: list[int]):
        self.model = model
        self.yobs = np.ascontiguousarray(yobs, dtype=np.float64)
        self.sigma = np.sqrt(np.maximum(self.yobs, 1.0))
        self.params = params.copy()
        self.active = active
        self.steps = np.maximum(np.abs(params) * 1e-4, 1e-6)
        self.bkg = np.zeros(self.model.n_points)
        self.lam = 1e-3
        self._reweight()

    def _reweight(self) -> None:
        check(lib.rv_set_weights(self.model.ctx.handle, dptr(self.sigma), self.sigma.size), "weights")

    def rwp(self, ycalc: np.ndarray) -> float:
        w = 1.0 / self.sigma**2
        r = self.yobs - ycalc - self.bkg
        return float(np.sqrt((w * r * r).sum() / (w * self.yobs * self.yobs).sum()))

    def cycle(self) -> float:
        y0 = self.model.compute(self.params)
        coeff = background.fit_background(self.model.ctx, self.yobs, y0)
        self.bkg = background.evaluate(coeff, self.model.tth)
        J = numeric_jacobian(self.model, self.params, self.active, self.steps, y0)
        w = 1.0 / self.sigma**2
        r = self.yobs - y0 - self.bkg
        A = (J * w) @ J.T
        g = (J * w) @ r
        A[np.diag_indices_from(A)] *= 1.0 + self.lam
        delta = np.linalg.solve(A, g)
        trial = self.params.copy()
        trial[self.active] += delta
        new = self.rwp(self.model.compute(trial))
        old = self.rwp(y0)
        if new < old:
            self.params, self.lam = trial, max(self.lam / 3, 1e-7)
            return new
        self.lam *= 4
        return old

    def reject_outliers(self, ycalc: np.ndarray, k: float = 5.0) -> int:
        z = np.abs(self.yobs - ycalc - self.bkg) / self.sigma
        bad = z > k
        self.sigma[bad] *= 10.0
        if bad.any():
            self._reweight()
        return int(bad.sum())

    def run(self, max_cycles: int = 50, tol: float = 1e-5) -> float:
        prev = np.inf
        rwp = prev
        for it in range(max_cycles):
            rwp = self.cycle()
            log.info("cycle %2d  Rwp %.4f%%  lambda %.1e", it, 100 * rwp, self.lam)
            if it % 5 == 4:
                self.reject_outliers(self.model.compute(self.params))
            if abs(prev - rwp) < tol:
                break
            prev = rwp
        return rwp


def default_active(n_phases: int) -> list[int]:
    """Refine zero, U, V, W, eta, and per phase: scale and a, b, c."""
    act = [0, 1, 2, 3, 4]
    for p in range(n_phases):
        base = RV_GLOBAL + p * RV_PER_PHASE
        act += [base, base + 1, base + 2, base + 3]
    return act
