"""Cycling driver: forecast -> observation operators -> LETKF analysis -> inflation."""
from __future__ import annotations

import argparse
import logging
from pathlib import Path

import jax
import numpy as np
from jax.sharding import SingleDeviceSharding

from . import _letkf
from .config import CycleConfig
from .diagnostics import CALLBACKS
from .ensemble import EnsembleState
from .inflation import RTPSInflation
from .io.restart import read_background, write_analysis
from .localization import gc_weights
from .obs import OBS_OPERATORS, read_window

log = logging.getLogger("enkf.cycle")


class CycleDriver:
    def __init__(self, cfg: CycleConfig):
        self.cfg = cfg
        self.solver = _letkf.LetkfSolver(cfg.n_state, cfg.members, cfg.max_obs, cfg.loc_radius_km)
        self.ops = {name: OBS_OPERATORS[name](cfg) for name in cfg.obs_types}
        self.ensemble = EnsembleState(cfg)
        self.inflation = RTPSInflation(cfg)
        self.callbacks = [CALLBACKS[name](cfg) for name in cfg.callbacks]
        self.obs_err = _letkf.load_obs_errors(cfg.obs_error_table, cfg.max_obs)
        host = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
        self.clim = jax.device_put(np.load(cfg.climatology, mmap_mode="r"), host)

    def cold_start(self) -> None:
        bg = read_background(self.cfg.background)
        self.ensemble.perturb_from(bg.cpu().numpy(), np.asarray(self.clim))

    def _forecast(self, window) -> None:
        views = self.ensemble.init_member_views()
        self.ensemble.advance(views, hours=self.cfg.window_hours)
        tiles = self.ensemble.background_tiles()
        self.solver.upload_tiles(tiles)

    def _analyse(self, window) -> dict:
        obs = read_window(window, self.cfg.obs_types)
        ens = self.ensemble.members
        prior_spread = self.inflation.prior_spread(ens)
        innovations = {}
        for name, op in self.ops.items():
            hx = op(ens, obs[name])
            innovations[name] = obs[name].values[None, :] - hx.numpy()
            self.solver.analyze(obs[name].values, hx.numpy(), self.obs_err, obs[name].columns,
                                gc_weights(self.cfg.loc_radius_km, self.cfg.grid).numpy(), ens)
        self.inflation.apply(prior_spread, ens)
        return innovations

    def run(self, windows) -> None:
        out = Path(self.cfg.outdir)
        out.mkdir(parents=True, exist_ok=True)
        for window in windows:
            self._forecast(window)
            innovations = self._analyse(window)
            for cb in self.callbacks:
                cb.on_analysis(window, innovations)
            write_analysis(out / f"ana_{window}.npy", self.ensemble.members)
            self.inflation.reset()
            log.info("cycle %s done", window)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="enkf-cycle")
    ap.add_argument("config")
    ap.add_argument("--start", required=True)
    ap.add_argument("--cycles", type=int, default=4)
    args = ap.parse_args(argv)
    cfg = CycleConfig.from_yaml(args.config)
    drv = CycleDriver(cfg)
    drv.cold_start()
    start = np.datetime64(args.start)
    windows = [str(start + np.timedelta64(6 * i, "h")) for i in range(args.cycles)]
    drv.run(windows)


if __name__ == "__main__":
    main()
