from __future__ import annotations

import glob
import os

import numpy as np

from . import _swe
from ._gauges import Gauges
from .assimilate import Nudger
from .config import parse
from .hooks import HOOKS
from .rain import disaggregate


def main(argv=None):
    cfg = parse(argv)
    os.makedirs(cfg.out_dir, exist_ok=True)
    _swe.initialize()
    ny, nx = 2048, 2048
    solver = _swe.Solver(ny, nx, 5.0, cfg.manning_n)
    solver.load_dem(cfg.dem)
    gauges = Gauges(cfg.gauges)
    nudger = Nudger(np.loadtxt(cfg.gauges, skiprows=1, usecols=(0, 1), dtype=int), (ny, nx), cfg.nudge_gain)
    hooks = {name: cls(cfg.out_dir) for name, cls in HOOKS.items()}
    frames = sorted(glob.glob(os.path.join(cfg.radar_dir, "*.npy")))
    n_steps = int(cfg.hours * 3600 / cfg.dt_s)
    rain = np.zeros((ny, nx), np.float32)
    for step in range(n_steps):
        if step % 150 == 0 and frames:
            rain = disaggregate(np.load(frames[min(step // 150, len(frames) - 1)]), (ny, nx))
        solver.step(cfg.dt_s, rain)
        if step % cfg.output_every == 0:
            for hook in hooks.values():
                hook(step, solver, gauges)
        if step % cfg.assimilate_every == 0 and step:
            obs = gauges.sample(solver.depth())
            corrected = nudger.update(solver.depth(), obs, obs * 1.02)
            del corrected
    gauges.write_hydrograph(np.stack(hooks["gauges"].series), os.path.join(cfg.out_dir, "hydrograph.csv"))
    gauges.close()
