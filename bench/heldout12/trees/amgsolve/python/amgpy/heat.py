"""Implicit-Euler heat equation on a fixed mesh: one AMG solve per time step."""
from __future__ import annotations

from dataclasses import dataclass, field

import cupyx
import numpy as np

from .monitor import ResidualMonitor
from .solver import AMGSolver


@dataclass
class HeatProblem:
    n: int
    dt: float
    steps: int
    source: np.ndarray
    callbacks: list = field(default_factory=list)


def run(problem: HeatProblem, solver: AMGSolver, u0: np.ndarray,
        monitor: ResidualMonitor | None = None) -> np.ndarray:
    u = u0.copy()
    for step in range(problem.steps):
        rhs = u + problem.dt * problem.source
        u = solver.solve(rhs, x0=u)
        if monitor is not None:
            monitor.record(step, solver.last_iters)
        for cb in problem.callbacks:
            cb(step, u)
    return u


def run_ensemble(problem: HeatProblem, solver: AMGSolver, u0: np.ndarray, members: int, sigma: float,
                 seed: int = 0, monitor: ResidualMonitor | None = None) -> np.ndarray:
    """Perturbed initial conditions; the mean final state."""
    rng = np.random.default_rng(seed)
    acc = np.zeros(problem.n)
    for m in range(members):
        start = cupyx.empty_pinned((problem.n,), dtype=np.float64)
        start[:] = u0 + sigma * rng.standard_normal(problem.n)
        acc += run(problem, solver, start, monitor)
    return acc / members
