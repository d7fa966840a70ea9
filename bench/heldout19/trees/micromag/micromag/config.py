from __future__ import annotations

import argparse
import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass
class SimConfig:
    nx: int = 64
    ny: int = 64
    nz: int = 1
    dx: float = 2.5e-9
    geometry: Path | None = None
    Ms: float = 8.6e5
    Aex: float = 1.3e-11
    alpha: float = 0.02
    Ku1: float = 0.0
    steps: int = 10000
    dt: float = 1e-13
    save_every: int = 0
    h_ext: tuple[float, float, float] = (0.0, 0.0, 0.0)
    out_dir: Path = Path("out")


def load(path: Path) -> SimConfig:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    flat = {**raw.get("mesh", {}), **raw.get("material", {}), **raw.get("run", {})}
    cfg = SimConfig(**flat)
    cfg.geometry = Path(cfg.geometry) if cfg.geometry else None
    cfg.out_dir = Path(cfg.out_dir)
    cfg.h_ext = tuple(float(x) for x in cfg.h_ext)
    return cfg


def parse_args(argv=None) -> SimConfig:
    ap = argparse.ArgumentParser(prog="micromag")
    ap.add_argument("config", type=Path)
    ap.add_argument("--steps", type=int)
    ap.add_argument("--save-every", type=int)
    args = ap.parse_args(argv)
    cfg = load(args.config)
    if args.steps:
        cfg.steps = args.steps
    if args.save_every is not None:
        cfg.save_every = args.save_every
    return cfg
