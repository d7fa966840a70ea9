from __future__ import annotations

import argparse
import logging

import numpy as np

from ._ffi import ffi, load_lib
from .config import load
from .outputs import PlaneWriter, Snapshot
from .probes import ProbeSet
from .turbines import TURBINE_MODELS, Turbine

log = logging.getLogger("windwake")

MAX_TURBINES = 256


class Solver:
    def __init__(self, cfg, viewer=None):
        self.cfg = cfg
        self.lib = load_lib(cfg.library)
        self.ctx = self.lib.ww_init(cfg.nx, cfg.ny, cfg.nz, cfg.inflow_planes)
        if cfg.terrain:
            if self.lib.ww_load_terrain(self.ctx, cfg.terrain.encode()) != 0:
                raise RuntimeError(f"cannot load terrain {cfg.terrain}")
        xyz = ffi.new("float[]", 3 * MAX_TURBINES)
        n = self.lib.ww_read_layout(cfg.layout.encode(), xyz, MAX_TURBINES)
        kinds = ["alm" if i % 4 == 0 else "adm" for i in range(n)]
        self.turbines = [Turbine(i, kinds[i], (xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2])) for i in range(n)]
        self.models = {kind: TURBINE_MODELS[kind](self.lib, cfg) for kind in sorted(set(kinds))}
        self.probes = ProbeSet(cfg.probes)
        self.outputs = [PlaneWriter(self.lib, self.ctx, cfg, viewer or (lambda step, plane: None)),
                        Snapshot(self.lib, self.ctx, cfg)]
        self.wake = self.lib.ww_wake_create(cfg.ny, cfg.nz)
        self.deficits: list[np.ndarray] = []

    def _wake_estimate(self, x_plane: float) -> np.ndarray:
        xyz = np.array([t.hub for t in self.turbines], dtype=np.float64).ravel()
        ct = np.full(len(self.turbines), 0.78)
        out = np.zeros(self.cfg.ny * self.cfg.nz)
        self.lib.ww_wake_deficit(self.wake, ffi.from_buffer("double[]", xyz), ffi.from_buffer("double[]", ct),
                                 len(self.turbines), x_plane, ffi.from_buffer("double[]", out))
        return out.reshape(self.cfg.ny, self.cfg.nz)

    def run(self) -> None:
        cfg = self.cfg
        for step in range(cfg.n_steps):
            if self.lib.ww_load_inflow_window(self.ctx, cfg.inflow_dir.encode(), step) != 0:
                log.warning("step %d: inflow window missing, holding previous", step)
            for t in self.turbines:
                self.models[t.kind].forces(self.ctx, t, step)
            rc = self.lib.ww_advance(self.ctx, cfg.dt)
            if rc != 0:
                raise RuntimeError(f"ww_advance failed at step {step}: {rc}")
            if step % cfg.wake_every == 0:
                self.deficits.append(self._wake_estimate(x_plane=3000.0))
            self.probes.sample(self.ctx, self.lib, step)
            for out in self.outputs:
                out.on_step(step)
            self.probes.reset()

    def close(self) -> None:
        self.lib.ww_wake_destroy(self.wake)
        self.lib.ww_finalize(self.ctx)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("config")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    solver = Solver(load(args.config))
    try:
        solver.run()
    finally:
        solver.close()
    np.save("probes.npy", solver.probes.to_array())


if __name__ == "__main__":
    main()
