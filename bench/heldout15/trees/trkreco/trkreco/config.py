from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class RecoConfig:
    geometry: str
    calibration: str
    n_modules: int
    library: str = "build/libtrkreco.so"
    stages: list[str] = field(default_factory=lambda: ["seed", "fit", "ambiguity"])
    n_slots: int = 4
    max_hits: int = 400_000
    max_seeds: int = 200_000
    max_tracks: int = 20_000
    device: str = "cuda"
    delta_phi: float = 0.012
    delta_z: float = 12.0
    min_pt: float = 0.9


def load(path: str | Path) -> RecoConfig:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    return RecoConfig(**raw["detector"], **raw["pipeline"], **raw.get("seeding", {}))
