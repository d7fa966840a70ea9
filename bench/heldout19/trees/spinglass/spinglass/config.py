from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass
class RunConfig:
    L: int = 8
    couplings: Path | None = None
    replicas: int = 16
    beta_min: float = 0.5
    beta_max: float = 3.0
    sweeps: int = 10000
    measure_every: int = 100
    checkpoint_every: int = 1000
    checkpoint_slots: int = 4
    backend: str = "cupy"
    seed: int = 0
    out_dir: Path = Path("out")

    @classmethod
    def load(cls, path: str | Path) -> "RunConfig":
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
        flat = {**raw.get("lattice", {}), **raw.get("tempering", {})}
        if "dir" in raw.get("output", {}):
            flat["out_dir"] = raw["output"]["dir"]
        cfg = cls(**flat)
        cfg.couplings = Path(cfg.couplings) if cfg.couplings else None
        cfg.out_dir = Path(cfg.out_dir)
        return cfg
