"""The SCFT iteration: solve the propagators, compute densities, update the fields."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

import jax.numpy as jnp
import numpy as np
import pycuda.driver as drv

from . import _scft
from .anderson import AndersonMixer, wavevector_table

log = logging.getLogger(__name__)


def per_iteration_workspace(n: int) -> dict[str, np.ndarray]:
    """Host arrays the iteration reads and writes in place (the incompressibility residual and
    the mixed fields). Allocated once, with the driver's DriverState."""
    return {
        "residual": drv.pagelocked_empty((2, n), dtype=np.float64),
        "w_mixed": np.empty((2, n), dtype=np.float64),
    }


@dataclass
class DriverState:
    n: int
    chiN: float = 0.0
    work: dict = field(init=False)
    free_energy: list = field(default_factory=list)

    def __post_init__(self):
        self.work = per_iteration_workspace(self.n)


class SCFTDriver:
    def __init__(self, cfg, hooks=()):
        self.cfg = cfg
        _scft.initialize()
        c = cfg.cell
        self.prop = _scft.Propagator(list(c.grid), list(c.lengths), cfg.polymer.f_A, cfg.polymer.ns)
        self.n = int(np.prod(c.grid))
        self.mixer = AndersonMixer(cfg.solver.anderson_depth, cfg.solver.anderson_lambda, 2 * self.n)
        self.ksq = wavevector_table(tuple(c.grid), tuple(c.lengths))
        self.hooks = list(hooks)
        self.state = DriverState(self.n)

    def solve(self, w_a: np.ndarray, w_b: np.ndarray, chiN: float) -> DriverState:
        st = self.state
        st.chiN = chiN
        st.free_energy = []
        w = jnp.asarray(np.stack([w_a.ravel(), w_b.ravel()]))
        self.mixer.reset()
        for it in range(self.cfg.solver.max_iter):
            wh = np.asarray(w)
            self.prop.set_fields(wh[0], wh[1])
            log_q = self.prop.solve()
            phi = self.prop.densities()
            xi = 0.5 * (wh[0] + wh[1] - chiN)
            res = st.work["residual"]
            res[0] = chiN * phi[1] + xi - wh[0]
            res[1] = chiN * phi[0] + xi - wh[1]
            err = float(np.sqrt((res**2).mean()))
            f = -log_q + float(((chiN * phi[0] * phi[1]) - (wh[0] * phi[0] + wh[1] * phi[1])).mean())
            st.free_energy.append(f)
            for h in self.hooks:
                h.on_iteration(it, err, f, wh)
            if err < self.cfg.solver.tol:
                log.info("converged in %d iterations: F = %.8f", it, f)
                break
            w = self.mixer.mix(w.ravel(), jnp.asarray(res).ravel()).reshape(2, -1)
        return st
