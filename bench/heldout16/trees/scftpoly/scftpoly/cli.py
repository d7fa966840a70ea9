from __future__ import annotations

import argparse
import logging

import numpy as np

from . import _scft
from .config import Config
from .driver import SCFTDriver
from .logging_hooks import ConvergenceLog, FieldSnapshots
from .seeds import make_seed_fields
from .sweep import iter_chiN


def main(argv=None) -> None:
    logging.basicConfig(level=logging.INFO)
    ap = argparse.ArgumentParser(prog="scftpoly")
    ap.add_argument("mode", choices=["solve", "sweep"])
    ap.add_argument("config")
    ap.add_argument("--chiN", default=None, help="lo:hi:step for sweeps")
    args = ap.parse_args(argv)
    cfg = Config.load(args.config)
    hooks = [ConvergenceLog(f"{cfg.out_dir}/convergence.jsonl"), FieldSnapshots(cfg.out_dir, cfg.solver.log_every)]
    driver = SCFTDriver(cfg, hooks)
    n = driver.n
    if args.mode == "solve":
        if cfg.fields_in:
            w_a, w_b = _scft.read_field_file(cfg.fields_in, n)
        else:
            seed = make_seed_fields(cfg.phases[:1], tuple(cfg.cell.grid))[cfg.phases[0]]
            w_a, w_b = seed.ravel(), -seed.ravel()
        driver.solve(np.asarray(w_a), np.asarray(w_b), cfg.polymer.chiN)
        _scft.write_densities(driver.prop, f"{cfg.out_dir}/phi.bin")
    else:
        lo, hi, step = (float(x) for x in args.chiN.split(":"))
        for chiN, phase, f in iter_chiN(driver, np.arange(lo, hi + step / 2, step), cfg.phases):
            print(f"chiN={chiN:6.2f}  {phase:10s}  F={f:.6f}")
    _scft.finalize()
