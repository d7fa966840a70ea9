from __future__ import annotations

import tomllib
from dataclasses import dataclass


@dataclass(frozen=True)
class Dims:
    n_bands: int
    n_g: int
    n_layers: int
    n_cols: int


@dataclass
class RunConfig:
    dims: Dims
    n_steps: int
    dt: float
    diag_every: int
    lookup: str
    solar: str
    albedo: str
    restart: str
    latitude: float = 0.0
    day_of_year: int = 80


def load(path: str) -> RunConfig:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    return RunConfig(dims=Dims(**raw["dims"]), **raw["run"])
