from __future__ import annotations

import argparse
import json
import logging
import os

import numpy as np

from . import Solver, SolverConfig
from .monitors import MONITORS

log = logging.getLogger("sphflow")


class Simulation:
    def __init__(self, cfg: dict):
        sc = SolverConfig()
        sc.geometry = cfg["geometry"]
        sc.kernel = cfg.get("kernel", "wendland")
        sc.dx, sc.dt = cfg["dx"], cfg["dt"]
        sc.ring_depth = cfg.get("ring_depth", 3)
        sc.probes = [tuple(p) for p in cfg.get("probes", [])]
        self.cfg = cfg
        self.solver = Solver(sc)
        self.monitors = [MONITORS[m]() for m in cfg.get("monitors", [])]
        self.probe_log: list[list[float]] = []

    def run(self, out_dir: str) -> None:
        os.makedirs(out_dir, exist_ok=True)
        every = self.cfg["output_every"]
        for step in range(self.cfg["steps"]):
            self.solver.step()
            for m in self.monitors:
                m.on_step(self.solver, step)
            if step % every == 0:
                pos = np.asarray(self.solver.snapshot()).reshape(-1, 3)
                self.probe_log.append(self.solver.sample_probes())
                self.solver.write_vtk(os.path.join(out_dir, f"frame_{step // every:05d}.vtk"))
                log.info("step %d: max z %.3f", step, pos[:, 2].max())
        self.solver.write_restart(os.path.join(out_dir, "restart.bin"))


def main(argv=None):
    ap = argparse.ArgumentParser("sphflow")
    ap.add_argument("config")
    ap.add_argument("--out", default="out")
    args = ap.parse_args(argv)
    with open(args.config) as fh:
        cfg = json.load(fh)
    Simulation(cfg).run(args.out)


if __name__ == "__main__":
    main()
