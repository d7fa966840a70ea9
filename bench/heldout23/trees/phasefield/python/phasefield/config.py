from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass
class RunConfig:
    name: str
    undercooling: float
    nx: int = 1024
    ny: int = 1024
    dx: float = 0.8
    dt: float = 0.012
    anisotropy: float = 0.05
    steps: int = 200_000
    chunk: int = 500
    output_every: int = 20       # in chunks
    diffusivity: float = 1.0
    nucleation_rate: float = 2.0e-7
    microstructure: str | None = None
    out_root: str = "runs"

    @property
    def out_dir(self) -> Path:
        return Path(self.out_root) / self.name


def load_runs(path: str | Path) -> list[RunConfig]:
    with open(path, "rb") as fh:
        doc = tomllib.load(fh)
    defaults = doc.get("defaults", {})
    return [RunConfig(**{**defaults, **run}) for run in doc.get("run", [])]
