"""Single-column driver: relaxes an idealised atmosphere under shortwave heating."""

from __future__ import annotations

import argparse
import logging
import math

import numpy as np

from . import _kokkos
from .config import RunConfig, load
from .gas import GasOptics
from .monitor import heating_rate_monitor
from .surface import SurfaceAlbedo

log = logging.getLogger("radxfer")


class AtmosphereState:
    def __init__(self, n_cols: int, n_layers: int, seed: int = 0):
        rng = np.random.default_rng(seed)
        sigma = (np.arange(n_layers) + 0.5) / n_layers
        self.play = np.ascontiguousarray(np.tile(1.0e5 * sigma, (n_cols, 1)))
        self.tlay = np.ascontiguousarray(288.0 - 70.0 * (1.0 - sigma) + rng.normal(0, 0.5, (n_cols, n_layers)))
        self.h2o = np.ascontiguousarray(0.015 * sigma ** 3 * np.ones((n_cols, 1)))
        self.cloud_fraction = rng.uniform(0.0, 0.6, n_cols)


def cos_zenith(latitude: float, day_of_year: int, hour: float, n_cols: int) -> np.ndarray:
    decl = math.radians(23.44) * math.sin(2 * math.pi * (284 + day_of_year) / 365.0)
    lon = np.linspace(-180.0, 180.0, n_cols, endpoint=False)
    h = np.radians(15.0 * (hour - 12.0) + lon)
    lat = math.radians(latitude)
    return np.ascontiguousarray(np.sin(lat) * math.sin(decl) + np.cos(lat) * math.cos(decl) * np.cos(h))


class ColumnModel:
    def __init__(self, cfg: RunConfig):
        d = cfg.dims
        self.cfg = cfg
        self.gas = GasOptics(d, cfg.lookup, np.load(cfg.solar))
        self.solver = _kokkos.TwoStreamSolver(d.n_cols, d.n_layers, d.n_bands)
        self.surface = SurfaceAlbedo(cfg.albedo, d.n_cols)
        self.tau = np.zeros((d.n_bands, d.n_cols, d.n_layers))
        self.bc = np.zeros((d.n_cols, 2))
        self.heating = np.zeros((d.n_cols, d.n_layers))

    def step(self, state: AtmosphereState, mu0: np.ndarray) -> list[int]:
        self.gas.optical_depth(state.play, state.tlay, state.h2o, self.tau)
        self.gas.boundary(self.surface.albedo, mu0, self.bc)
        self.solver.solve(self.tau, self.bc, self.heating)
        with heating_rate_monitor(self.heating) as hot:
            state.tlay += self.heating * (self.cfg.dt / 86400.0)
        return hot

    def close(self) -> None:
        self.surface.close()
        self.gas.close()


def run(cfg: RunConfig) -> None:
    d = cfg.dims
    state = AtmosphereState(d.n_cols, d.n_layers)
    model = ColumnModel(cfg)
    cre = np.zeros(d.n_cols)
    try:
        for step in range(cfg.n_steps):
            hour = (step * cfg.dt / 3600.0) % 24.0
            hot = model.step(state, cos_zenith(cfg.latitude, cfg.day_of_year, hour, d.n_cols))
            if hot:
                log.warning("step %d: %d columns above the heating limit", step, len(hot))
            if step % cfg.diag_every == 0:
                model.solver.clear_sky_effect(model.tau[0], state.cloud_fraction, cre)
                log.info("step %d: mean CRE proxy %.4f", step, float(cre.mean()))
        model.gas.write_restart(cfg.restart)
    finally:
        model.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="radxfer-column")
    ap.add_argument("config")
    ap.add_argument("--steps", type=int)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = load(args.config)
    if args.steps:
        cfg.n_steps = args.steps
    run(cfg)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
