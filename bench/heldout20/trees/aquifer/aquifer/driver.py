from __future__ import annotations

import logging
import time

import numpy as np
import torch

from . import _core
from .chemistry import check_reaction
from .config import RunConfig
from .io import load_permeability, save_checkpoint, save_vtk
from .observers import build_observers
from .wells import PumpingSchedule

log = logging.getLogger(__name__)


class Simulation:
    def __init__(self, cfg: RunConfig):
        self.cfg = cfg
        g = cfg.grid
        self.solver = _core.Solver(g.nx, g.ny, g.nz, g.dx, g.dy, g.dz, cfg.species, cfg.subdomains)
        _core.init_well_table(max(1, len(cfg.wells)))
        self.solver.set_reaction(cfg.reaction.kind, check_reaction(cfg.reaction.kind, cfg.reaction.params))
        if cfg.permeability:
            load_permeability(self.solver, cfg.permeability)
        n = self.solver.cells() * self.solver.species()
        # Host mirror of the concentration field; observers read it between downloads.
        self._conc_host = torch.zeros(n, dtype=torch.float64, pin_memory=True)
        self.last_download = -1
        self.observers = build_observers(cfg)
        self.audit_failures: list[tuple[int, float]] = []
        if cfg.audit_tolerance > 0.0:
            self.solver.enable_mass_audit(cfg.audit_tolerance, self._on_audit)

    def _on_audit(self, step: int, residual: float) -> None:
        self.audit_failures.append((step, residual))
        log.warning("mass balance residual %.3e at step %d", residual, step)

    def concentration(self, species: int) -> np.ndarray:
        n = self.solver.cells()
        return self._conc_host.numpy()[species * n:(species + 1) * n]

    def run(self) -> None:
        cfg = self.cfg
        schedule = PumpingSchedule(cfg.wells)
        t0 = time.perf_counter()
        for step in range(cfg.n_steps):
            t = step * cfg.dt
            self.solver.apply_wells(schedule.rates_at(t))
            courant = self.solver.step(cfg.dt)
            if courant > 1.0:
                log.warning("Courant number %.2f at step %d", courant, step)
            if step % cfg.output_every == 0:
                self.solver.download(self._conc_host.numpy())
                self.last_download = step
            for obs in self.observers:
                obs(self, step)
        log.info("%d steps in %.1f s", cfg.n_steps, time.perf_counter() - t0)

    def finish(self) -> None:
        if self.cfg.vtk:
            save_vtk(self.solver, self.cfg.vtk)
        if self.cfg.checkpoint:
            save_checkpoint(self.solver, self.cfg.checkpoint)
        _core.free_well_table()
