"""Run configuration: one [[survey]] table per field to process."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class SurveyConfig:
    name: str
    catalog: str
    bands: tuple[str, ...] = ("u", "g", "r", "i", "z", "y")
    z_min: float = 0.0
    z_max: float = 3.0
    nz: int = 301
    z_chunk: int = 64
    templates: str = "templates/cww_kinney.npz"
    prior: str = "priors/hdfn.json"
    zeropoints: dict[str, float] = field(default_factory=dict)
    r_v: float = 3.1


@dataclass
class RunConfig:
    surveys: list[SurveyConfig]
    out_dir: str = "out"
    device: int = 0
    max_objects_per_tile: int = 250_000


def load_config(path: str | Path) -> RunConfig:
    raw = tomllib.loads(Path(path).read_text())
    surveys = []
    for s in raw.pop("survey", []):
        if "bands" in s:
            s["bands"] = tuple(s["bands"])
        surveys.append(SurveyConfig(**s))
    return RunConfig(surveys=surveys, **raw)
