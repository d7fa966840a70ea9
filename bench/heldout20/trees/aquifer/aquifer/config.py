from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class GridConfig:
    nx: int
    ny: int
    nz: int
    dx: float = 1.0
    dy: float = 1.0
    dz: float = 1.0


@dataclass
class ReactionConfig:
    kind: str = "decay"
    params: list[float] = field(default_factory=lambda: [1e-7])


@dataclass
class WellConfig:
    name: str
    offset: int
    rate: float
    fractions: list[float]
    start: float = 0.0
    stop: float = float("inf")


@dataclass
class ObserverConfig:
    kind: str
    name: str
    species: int = 0
    cells: list[int] = field(default_factory=list)


@dataclass
class RunConfig:
    grid: GridConfig
    dt: float
    n_steps: int
    species: int = 1
    subdomains: int = 1
    output_every: int = 10
    checkpoint: str | None = None
    vtk: str | None = None
    permeability: str | None = None
    audit_tolerance: float = 0.0
    reaction: ReactionConfig = field(default_factory=ReactionConfig)
    wells: list[WellConfig] = field(default_factory=list)
    observers: list[ObserverConfig] = field(default_factory=list)


def load_config(path: str | Path) -> RunConfig:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    run = dict(raw.get("run", {}))
    return RunConfig(
        grid=GridConfig(**raw["grid"]),
        reaction=ReactionConfig(**raw.get("reaction", {})),
        wells=[WellConfig(**w) for w in raw.get("wells", [])],
        observers=[ObserverConfig(**o) for o in raw.get("observers", [])],
        **run,
    )
