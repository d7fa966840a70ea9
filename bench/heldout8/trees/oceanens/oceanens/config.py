from dataclasses import dataclass, field
from typing import List

import yaml


@dataclass
class EnsembleConfig:
    members: List[str] = field(default_factory=list)
    variable: str = "thetao"
    nlat: int = 720
    nlon: int = 1440
    nlev: int = 50
    chunk_levels: int = 10
    stats: List[str] = field(default_factory=lambda: ["mean", "q90", "spread"])
    climatology: str = "clim/thetao_1991_2020.npy"
    target_grid: str = "r360x180"
    workers: int = 4
    out_dir: str = "out"


def load_config(path):
    with open(path) as f:
        raw = yaml.safe_load(f) or {}
    return EnsembleConfig(**raw)
