from __future__ import annotations

import argparse
import logging
from pathlib import Path

import numpy as np

from .config import load_config
from .driver import ReplicaExchangeDriver
from .mbar import MBAR

log = logging.getLogger("fepalch")


def _run(args: argparse.Namespace) -> None:
    cfg = load_config(args.config)
    if args.cycles:
        cfg.run.cycles = args.cycles
    cfg.out_dir = Path(args.out) / args.pair
    cfg.out_dir.mkdir(parents=True, exist_ok=True)
    driver = ReplicaExchangeDriver(cfg)
    driver.run()
    np.save(cfg.out_dir / "u_kln.npy", driver.u_kln())


def _analyse(args: argparse.Namespace) -> None:
    u_kln = np.load(Path(args.run_dir) / "u_kln.npy")
    mbar = MBAR(u_kln, tolerance=1e-10)
    f_k = mbar.solve()
    sigma = mbar.bootstrap(n_boot=args.bootstrap)
    for k, (f, s) in enumerate(zip(f_k, sigma)):
        print(f"window {k:2d}  f = {f: .4f} kT  +- {s:.4f}")
    print(f"dG = {f_k[-1] - f_k[0]:.3f} kT")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="fepalch")
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run")
    run.add_argument("config")
    run.add_argument("--pair", required=True)
    run.add_argument("--cycles", type=int, default=0)
    run.add_argument("--out", default="runs")
    ana = sub.add_parser("analyse")
    ana.add_argument("run_dir")
    ana.add_argument("--bootstrap", type=int, default=200)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    if args.cmd == "run":
        _run(args)
    else:
        _analyse(args)


if __name__ == "__main__":
    main()
