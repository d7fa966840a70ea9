from __future__ import annotations

import tomllib
from dataclasses import dataclass, field


@dataclass
class SurveyConfig:
    nchan: int = 4096
    fch1_mhz: float = 1530.0
    foff_mhz: float = -0.0732
    tsamp_s: float = 64e-6
    dm_min: float = 50.0
    dm_max: float = 3000.0
    ndm: int = 2048
    nsub: int = 32
    block: int = 65536
    nbuf: int = 6
    widths: list[int] = field(default_factory=lambda: [1, 2, 4, 8, 16])
    snr: float = 7.5
    mask: str | None = None


def load_survey(path: str) -> SurveyConfig:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    return SurveyConfig(**raw.get("receiver", {}), **raw.get("search", {}))
