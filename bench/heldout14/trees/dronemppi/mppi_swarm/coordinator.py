from __future__ import annotations

import asyncio
import logging

import numpy as np
import torch

from . import _mppi
from .config import SwarmConfig
from .costs import build_costs
from .formation import plan_formation
from .telemetry import open_telemetry

log = logging.getLogger(__name__)


class SwarmCoordinator:
    def __init__(self, cfg: SwarmConfig):
        self.cfg = cfg
        pc = _mppi.PlannerConfig()
        pc.n_drones, pc.horizon, pc.samples = cfg.n_drones, cfg.planner.horizon, cfg.planner.samples
        pc.dt, pc.lambda_ = cfg.planner.dt, cfg.planner.lambda_
        self.planner = _mppi.MppiPlanner(pc)
        self.grid = _mppi.load_occupancy(cfg.occupancy)
        self.wind = _mppi.load_wind_field(cfg.wind) if cfg.wind else None
        self.costs = build_costs(cfg.costs, cfg.n_drones)
        # telemetry history ring, reused round-robin
        self.history = []
        for step in range(cfg.ring):
            self.history.append(torch.empty((cfg.n_drones, 6), pin_memory=True))
        self._slot = 0
        self._gust = None
        self._horizon_buf = None
        self.flown: list[float] = []

    def _gust_table(self) -> torch.Tensor:
        if self._gust is None:
            self._gust = torch.zeros((self.cfg.n_drones, 3), pin_memory=True)
        return self._gust

    def _reset_horizon(self):
        self._horizon_buf = None

    def _horizon(self) -> torch.Tensor:
        if self._horizon_buf is None:
            self._horizon_buf = torch.empty((self.cfg.planner.horizon, self.cfg.n_drones, 3),
                                            pin_memory=True)
        return self._horizon_buf

    def _prepare_states(self, states: np.ndarray) -> torch.Tensor:
        return torch.from_numpy(np.ascontiguousarray(states)).pin_memory()

    def tick(self, states: np.ndarray) -> np.ndarray:
        x = self._prepare_states(states)
        self.history[self._slot].copy_(x)
        self._slot = (self._slot + 1) % len(self.history)
        centroid = states[:, :3].mean(0)
        goals = plan_formation(centroid, self.cfg.formation, self.cfg.n_drones, self.cfg.planner.horizon)
        goal0 = torch.stack([g[0] for g in goals])
        weights = sum(c(x, goal0) for c in self.costs) + self._gust_table().norm(dim=-1)
        hz = self._horizon()
        hz.zero_()
        u = np.asarray(self.planner.plan(states, weights.numpy().astype(np.float32)), dtype=np.float32)
        self.flown.extend(u.tolist())
        self._reset_horizon()
        return u.reshape(-1, 3)

    def on_map_update(self, idx: np.ndarray, val: np.ndarray):
        if self.grid is not None:
            self.grid.update_cells(idx.astype(np.uint32).tolist(), val.astype(np.uint8).tolist())

    async def run(self, bind: str, map_updates: asyncio.Queue | None = None):
        q = await open_telemetry(bind, self.cfg.n_drones)
        try:
            while True:
                states = await q.get()
                self.tick(states)
                while map_updates is not None and not map_updates.empty():
                    self.on_map_update(*map_updates.get_nowait())
        finally:
            _mppi.export_trajectories("flown.traj", self.flown, self.cfg.n_drones)
