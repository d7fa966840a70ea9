from __future__ import annotations

import logging

import numpy as np

from . import _icesheet
from .config import InversionConfig
from .regularize import Smoothness

log = logging.getLogger(__name__)


def _load_obs(path):
    data = np.load(path)
    return data["u"], data["v"], data["sigma"]


def build_solver(cfg: InversionConfig):
    opts = _icesheet.SolverOptions()
    opts.rheology = cfg.rheology
    solver = _icesheet.Solver(str(cfg.mesh), opts)
    if cfg.forcing is not None and not solver.load_forcing(str(cfg.forcing)):
        log.warning("forcing %s rejected; running without surface mass balance", cfg.forcing)
    if cfg.audit:
        solver.enable_audit()
    return solver


def run(cfg: InversionConfig) -> None:
    solver = build_solver(cfg)
    u_obs, v_obs, sigma = _load_obs(cfg.obs)
    n = len(u_obs)
    if cfg.dem is not None:
        surface = np.asarray(_icesheet.load_surface_dem(str(cfg.dem), n))
        log.info("surface elevation %.1f..%.1f m", surface.min(), surface.max())
    smooth = Smoothness(n, cfg.smoothness)
    beta2 = np.full(n, 1.0e3)
    for outer in range(cfg.outer_iters):
        res = solver.picard(cfg.picard_iters)
        w = np.asarray(_icesheet.stage_obs(list(u_obs), list(v_obs), list(sigma)))
        grad = np.asarray(solver.adjoint_sweep(list(u_obs), list(v_obs)))
        grad = smooth(grad * w)
        beta2 *= np.exp(-cfg.step_size * grad / (np.abs(grad).max() + 1e-30))
        solver.set_beta2(list(beta2))
        log.info("outer %d: picard residual %.3e, mean beta2 %.3g", outer, res, beta2.mean())
    cfg.out_dir.mkdir(parents=True, exist_ok=True)
    _icesheet.write_velocity(solver, str(cfg.out_dir / "velocity.bin"))
    _icesheet.export_tiles(solver, str(cfg.out_dir), cfg.tile)
    np.save(cfg.out_dir / "beta2.npy", beta2)
