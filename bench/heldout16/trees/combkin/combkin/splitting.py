"""Strang splitting driver: half transport, full chemistry, half transport."""
from __future__ import annotations

import logging

import numpy as np

from . import _psr
from .chemistry import ChemistryIntegrator
from .io import SnapshotWriter
from .transport import Transport

log = logging.getLogger(__name__)

PROBES: dict[str, type] = {}


def probe(name: str):
    def deco(cls):
        PROBES[name] = cls
        return cls

    return deco


@probe("max_temperature")
class MaxTemperature:
    def __init__(self):
        self.history: list[float] = []

    def on_step(self, step: int, flow: Transport) -> None:
        self.history.append(float(flow.T.max()))


@probe("heat_release")
class HeatRelease:
    def __init__(self):
        self.prev: np.ndarray | None = None
        self.history: list[float] = []

    def on_step(self, step: int, flow: Transport) -> None:
        if self.prev is not None:
            self.history.append(float((flow.T - self.prev).sum()))
        self.prev = flow.T.copy()


class SplittingDriver:
    def __init__(self, cfg: dict, chem: ChemistryIntegrator, flow: Transport, psr=None, closure=None):
        self.cfg = cfg
        self.chem = chem
        self.flow = flow
        self.psr = psr
        self.closure = closure
        self.probes = [PROBES[name]() for name in cfg.get("probes", [])]
        self.writer = SnapshotWriter(cfg["output"]["dir"], flow.shape)

    def step(self, step: int, dt: float) -> None:
        self.flow.step(0.5 * dt)
        self.chem.advance(self.flow.T, self.flow.p, self.flow.Y, dt)
        if self.closure is not None:
            self.flow.Y += dt * self.closure(self.flow.T, self.flow.p, self.flow.Y)
        if self.psr is not None:
            inflow = np.concatenate([[self.flow.T.mean()], self.flow.Y.reshape(-1, self.flow.Y.shape[-1]).mean(0)])
            self.psr.residence_exchange(inflow, dt)
            self.psr.record(step)
        self.flow.step(0.5 * dt)

    def run(self) -> None:
        dt = float(self.cfg["dt"])
        every = self.cfg["output"]["every"]
        for step in range(int(self.cfg["n_steps"])):
            self.step(step, dt)
            for p in self.probes:
                p.on_step(step, self.flow)
            if step % every == 0:
                self.writer.write(step, self.flow.T)
                log.info("step %d: Tmax %.1f K", step, self.flow.T.max())


def build_psr(cfg: dict, n_species: int):
    _psr.initialize()
    n = cfg["n_reactors"]
    links = [_psr.Link(i, i + 1, 1.0) for i in range(n - 1)] + [_psr.Link(n - 1, 0, 0.2)]
    return _psr.PsrNetwork(n, n_species, links, cfg["residence_time"])
