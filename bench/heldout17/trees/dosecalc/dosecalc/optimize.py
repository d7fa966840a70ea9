"""Fluence-map optimization with per-iteration callbacks."""
from __future__ import annotations

import functools
import logging
import os

import numpy as np
import torch

from . import _superpose
from .robust import evaluate_scenarios, scenario_shifts

log = logging.getLogger(__name__)


def log_objective(it, fluence, value, *, every=10):
    if it % every == 0:
        log.info("iter %d objective %.4f", it, float(value))


def snapshot_fluence(it, fluence, value, *, store, every=1):
    if it % every == 0:
        store.append(fluence.detach().to("cpu", non_blocking=True).pin_memory())


class FMO:
    def __init__(self, engine, plan, objectives, cfg):
        self.engine, self.plan, self.objectives, self.cfg = engine, plan, objectives, cfg
        _superpose.initialize()
        self.superposer = _superpose.Superposer(len(plan.beams), engine.n_vox)
        self.snapshots: list[torch.Tensor] = []
        self.callbacks = [
            functools.partial(log_objective, every=10),
            functools.partial(snapshot_fluence, store=self.snapshots, every=cfg.snapshot_every),
        ]
        self.shifts = scenario_shifts(cfg.scenarios, cfg.setup_error_mm, cfg.voxel_mm)

    def beam_doses(self, weights: np.ndarray) -> np.ndarray:
        rows = []
        for beam in self.plan.beams:
            acc = np.zeros(self.engine.n_vox, dtype=np.float64)
            for j in range(beam.n_beamlets):
                acc += weights[j] * self.engine.beamlet_dose(beam.ray, j)
            rows.append(acc)
        return np.stack(rows)

    def run(self) -> torch.Tensor:
        n = self.plan.n_beamlets
        fluence = torch.ones(n, device="cuda", requires_grad=True)
        opt = torch.optim.Adam([fluence], lr=self.cfg.step)
        shape = self.engine.density.shape
        for it in range(self.cfg.iterations):
            w = fluence.detach().clamp(min=0).cpu().numpy()
            beams = self.beam_doses(w)
            self.superposer.accumulate(beams, np.ones(len(self.plan.beams)))
            dose = beams.sum(axis=0)
            value = evaluate_scenarios(dose.astype(np.float32), shape, self.shifts, self.objectives)
            opt.zero_grad()
            (value * fluence.sum() / max(float(fluence.sum()), 1e-6)).backward()
            opt.step()
            for cb in self.callbacks:
                cb(it, fluence, value)
        return fluence.detach()
