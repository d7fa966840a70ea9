from __future__ import annotations

import argparse
import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class InversionConfig:
    mesh: Path
    obs: Path
    forcing: Path | None = None
    dem: Path | None = None
    rheology: str = "glen"
    outer_iters: int = 30
    picard_iters: int = 12
    step_size: float = 0.05
    smoothness: float = 1e-3
    audit: bool = False
    out_dir: Path = Path("out")
    tile: int = 64
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_toml(cls, path: Path) -> "InversionConfig":
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
        inv = dict(raw.get("inversion", {}))
        paths = {k: Path(inv.pop(k)) for k in ("mesh", "obs", "forcing", "dem", "out_dir") if k in inv}
        known = {k: inv.pop(k) for k in list(inv) if k in cls.__dataclass_fields__}
        return cls(**paths, **known, extra=inv)


def parse_args(argv: list[str] | None = None) -> InversionConfig:
    ap = argparse.ArgumentParser(prog="icesheet-invert")
    ap.add_argument("config", type=Path)
    ap.add_argument("--outer-iters", type=int, default=None)
    ap.add_argument("--rheology", choices=("glen", "shelf", "constant"), default=None)
    ap.add_argument("--audit", action="store_true", help="log every Picard iteration")
    args = ap.parse_args(argv)
    cfg = InversionConfig.from_toml(args.config)
    if args.outer_iters is not None:
        cfg.outer_iters = args.outer_iters
    if args.rheology is not None:
        cfg.rheology = args.rheology
    cfg.audit = cfg.audit or args.audit
    return cfg
