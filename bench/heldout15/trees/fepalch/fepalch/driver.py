from __future__ import annotations

import logging

import numpy as np
import torch

from . import _engine
from .energies import ReducedPotential
from .hooks import build_hooks
from .windows import LambdaSchedule, staged

log = logging.getLogger(__name__)


class ReplicaExchangeDriver:
    """Hamiltonian replica exchange over a ladder of alchemical windows."""

    def __init__(self, cfg):
        self.cfg = cfg
        sch = cfg.schedule
        self.schedule = LambdaSchedule(sch.n_windows, sch.softcore_alpha, sch.softcore_beta)
        self.engine = _engine.FepEngine(cfg.topology, cfg.coordinates, sch.n_windows, cfg.temperature)
        self.n_atoms = self.engine.n_atoms
        self.reduced = ReducedPotential(self.n_atoms, cfg.temperature)
        self.hooks = build_hooks(cfg.hooks, self)
        self.permutation = list(range(sch.n_windows))
        self.rng = np.random.default_rng(2024)
        self.accepted = np.zeros(sch.n_windows - 1, dtype=np.int64)
        self._u: list[np.ndarray] = []
        # frames handed to the trajectory writer; the writer drains them round-robin
        self._slots: list[torch.Tensor] = []
        for cycle in range(cfg.run.prefetch):
            slot = torch.empty((self.n_atoms, 3), dtype=torch.float32, pin_memory=cfg.run.pin_memory)
            self._slots.append(slot)

    # ------------------------------------------------------------------ main loop
    def run(self) -> None:
        cfg = self.cfg
        for cycle in range(cfg.run.cycles):
            for k, window in enumerate(self.schedule):
                with staged(window, self.n_atoms) as params:
                    self.engine.propagate(k, params.numpy(), cfg.run.steps_per_cycle)
            u = np.asarray(self.engine.exchange_energies()).reshape(len(self.schedule), -1)
            self._u.append(self.reduced(u))
            self._attempt_swaps(self._u[-1])
            if cycle % cfg.run.dhdl_interval == 0:
                self.engine.write_dhdl(str(cfg.out_dir / "dhdl.bin"))
            slot = self._slots[cycle % len(self._slots)]
            slot.copy_(torch.from_numpy(self.engine.coordinates(self.permutation[0])))
            for hook in self.hooks:
                hook.on_cycle_end(cycle, self)
            if cycle % 100 == 0:
                log.info("cycle %d acceptance %s", cycle, np.round(self.accepted / max(cycle, 1), 2))

    def _attempt_swaps(self, u: np.ndarray) -> None:
        start = len(self._u) % 2
        for i in range(start, len(self.permutation) - 1, 2):
            a, b = self.permutation[i], self.permutation[i + 1]
            delta = (u[i, b] + u[i + 1, a]) - (u[i, a] + u[i + 1, b])
            if delta <= 0 or self.rng.random() < np.exp(-delta):
                self.permutation[i], self.permutation[i + 1] = b, a
                self.accepted[i] += 1

    def u_kln(self) -> np.ndarray:
        return np.stack(self._u, axis=-1)
