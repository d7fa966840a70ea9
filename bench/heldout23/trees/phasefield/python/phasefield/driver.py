from __future__ import annotations

import json
import logging

import numpy as np

from . import _solute
from ._ffi import PfError, check, ffi, fptr, lib
from .config import RunConfig
from .hiprt import RegisteredArray
from .nucleation import NucleationModel
from .overlay import attach_microstructure
from .tips import FrameTemplates, TipTracker

log = logging.getLogger(__name__)


class Simulation:
    def __init__(self, cfg: RunConfig):
        self.cfg = cfg
        self.sim = lib.pf_create(cfg.nx, cfg.ny, cfg.dx, cfg.dt, cfg.undercooling, cfg.anisotropy)
        if self.sim == ffi.NULL:
            raise PfError("pf_create failed")
        self.solute = _solute.SoluteSolver(cfg.nx, cfg.ny, cfg.diffusivity)
        self.nucleation = NucleationModel(cfg.nucleation_rate, cfg.nx, cfg.ny, cfg.dx)
        self.tips = TipTracker()
        self.frames = FrameTemplates()
        self.phi = np.zeros((cfg.ny, cfg.nx), np.float32)
        self.temp = np.zeros((cfg.ny, cfg.nx), np.float32)
        self.flux_log = np.zeros(cfg.steps // cfg.chunk + 1, np.float64)
        if cfg.microstructure:
            attach_microstructure(self.sim, cfg.microstructure, cfg.nx, cfg.ny)

    def _output(self, chunk_idx: int) -> None:
        check(lib.pf_snapshot(self.sim, fptr(self.phi), fptr(self.temp)), "pf_snapshot")
        radius = float(lib.pf_tip_radius(self.sim))
        prev = self.tips.samples[-1] if self.tips.samples else None
        step = chunk_idx * self.cfg.chunk
        vel = 0.0 if prev is None else (radius - prev[1]) / max(step - prev[0], 1)
        self.tips.observe(step, radius, vel)
        self.tips.profile_for(radius)
        frame = self.frames.frame(self.cfg.nx, self.cfg.ny)
        np.clip(self.phi, 0.0, 1.0, out=frame)
        np.save(self.cfg.out_dir / f"phi_{chunk_idx:06d}.npy", frame)
        self.solute.record()

    def run(self) -> None:
        self.cfg.out_dir.mkdir(parents=True, exist_ok=True)
        n_chunks = self.cfg.steps // self.cfg.chunk
        with RegisteredArray(self.flux_log) as flux_log:
            for c in range(n_chunks):
                check(lib.pf_step(self.sim, self.cfg.chunk), "pf_step")
                flux_log[c] = self.solute.step(self.phi, self.cfg.dt * self.cfg.chunk)
                self.nucleation.maybe_seed(self.sim, self.cfg.dt * self.cfg.chunk)
                if c % self.cfg.output_every == 0:
                    self._output(c)
            np.save(self.cfg.out_dir / "interface_flux.npy", flux_log)
        check(lib.pf_write_vtk(self.sim, str(self.cfg.out_dir / "final.vtk").encode()), "pf_write_vtk")
        check(lib.pf_dump_checkpoint(self.sim, str(self.cfg.out_dir / "final.ckpt").encode()), "checkpoint")
        np.save(self.cfg.out_dir / "solute_history.npy", self.solute.history())
        (self.cfg.out_dir / "tips.json").write_text(json.dumps(self.tips.samples))

    def close(self) -> None:
        self.tips.close()
        lib.pf_destroy(self.sim)
