from __future__ import annotations

import logging
from pathlib import Path

import cupyx
import numpy as np

from . import _core
from .controllers import CONTROLLERS

log = logging.getLogger(__name__)


class Scenario:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sim = _core.Simulation(cfg.network, cfg.max_vehicles, cfg.models)
        for name in cfg.hooks:
            self.sim.add_hook(name)
        self.controllers = [CONTROLLERS[s.kind](self.sim, s, cfg.dt) for s in cfg.signals]
        n_lanes = self.sim.n_lanes
        # rolling lane-occupancy history for the dashboard; the writer reads these slots
        self.history: list[np.ndarray] = []
        for tick in range(cfg.history):
            self.history.append(cupyx.empty_pinned((n_lanes,), dtype=np.float32))
        self.reports: list[list[float]] = []

    def run(self) -> None:
        cfg = self.cfg
        for tick in range(cfg.ticks):
            self.sim.step(cfg.dt)
            for ctl in self.controllers:
                ctl.on_tick(tick)
            if cfg.od_pairs and tick % cfg.reroute_every == 0:
                self.sim.reroute(cfg.od_pairs)
            if tick % cfg.report_every == 0:
                self.reports.append(self.sim.aggregate_lanes(cfg.groups))
                log.info("t=%.0fs vehicles=%d", tick * cfg.dt, self.sim.n_vehicles)
            self.history[tick % len(self.history)][:] = self.sim.occupancy()

    def finish(self, out_dir: Path) -> None:
        out_dir.mkdir(parents=True, exist_ok=True)
        if not self.sim.snapshot(str(out_dir / "final.state")):
            log.error("snapshot failed")
        frames = np.zeros(self.sim.trajectory_size, dtype=np.float32)
        self.sim.write_trajectories(str(out_dir / "trajectories.bin"), frames)
        np.save(out_dir / "lane_reports.npy", np.asarray(self.reports))
