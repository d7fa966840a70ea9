"""The turn loop."""
from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np
import torch

from . import _bt
from .buffers import per_turn_buffers

log = logging.getLogger(__name__)


@dataclass
class Beam:
    state: "_bt.BeamState"
    device: torch.device


class Tracker:
    def __init__(self, cfg, elements, monitors):
        self.cfg = cfg
        n = cfg.beam.n_particles
        self.elements = elements
        self.monitors = monitors
        self.state = _bt.BeamState(n)
        self.coords = torch.empty((n, 6), dtype=torch.float64).pin_memory()
        self._lost = None
        self.ring = per_turn_buffers(cfg)
        self.beam = Beam(self.state, torch.device(cfg.tracking.device))
        self.aperture_r2 = 0.0

    def inject(self, rng: np.random.Generator) -> None:
        b = self.cfg.beam
        sig = np.sqrt(b.emit_norm_um * 1e-6 / (b.energy_gev / 0.938))
        self.coords[:, 0:4] = torch.from_numpy(rng.normal(0.0, sig, (b.n_particles, 4)))
        self.coords[:, 4] = torch.from_numpy(rng.normal(0.0, b.sigma_z_m, b.n_particles))
        self.coords[:, 5] = 0.0
        self.state.upload_pinned(self.coords.numpy())

    def _lost_view(self, n: int) -> torch.Tensor:
        if self._lost is None or self._lost.numel() < n:
            self._lost = torch.empty(max(n, 1024), dtype=torch.int32, pin_memory=True)
        return self._lost[:n]

    def _sync(self, turn: int) -> None:
        tc = self.cfg.tracking
        slot = self.ring[(turn // tc.sync_every) % len(self.ring)]
        self.state.download(slot.numpy())
        n_lost = self.state.n_lost()
        if n_lost:
            lost = self._lost_view(n_lost)
            self.state.lost_ids(lost.numpy())
            # re-populate lost macro-particles from the halo of the survivors (halo studies)
            keep = np.setdiff1d(np.arange(slot.shape[0]), lost.numpy())
            refill = np.ascontiguousarray(slot.numpy()[np.random.choice(keep, n_lost)])
            cleaned = np.ascontiguousarray(slot.numpy())
            cleaned[lost.numpy()] = refill
            self.state.upload(cleaned)
            log.debug("turn %d: refilled %d particles", turn, n_lost)

    def run(self) -> None:
        tc = self.cfg.tracking
        for turn in range(tc.n_turns):
            for el in self.elements:
                el.kick(self.beam, turn)
            self.state.apply_aperture(self.aperture_r2)
            if turn % tc.sync_every == 0:
                self._sync(turn)
            for m in self.monitors:
                m.on_turn(self, turn)
            for m in self.monitors:
                m.reset()
        for m in self.monitors:
            m.finish()
