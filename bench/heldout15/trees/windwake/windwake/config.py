from __future__ import annotations

import tomllib
from dataclasses import dataclass, field


@dataclass
class FarmConfig:
    library: str
    layout: str
    inflow_dir: str
    ct_curve: str
    terrain: str = ""
    nx: int = 512
    ny: int = 256
    nz: int = 128
    inflow_planes: int = 4
    n_steps: int = 20000
    dt: float = 0.05
    wake_every: int = 200
    snapshot_every: int = 100
    blade_points: int = 64
    hub_index: int = 30
    probes: list[list[float]] = field(default_factory=list)


def load(path: str) -> FarmConfig:
    with open(path, "rb") as fh:
        return FarmConfig(**tomllib.load(fh))
