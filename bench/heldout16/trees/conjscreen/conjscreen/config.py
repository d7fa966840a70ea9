from __future__ import annotations

import tomllib
from dataclasses import dataclass


@dataclass(frozen=True)
class ScreeningConfig:
    omm: str
    ephemerides: str | None
    covariances: str
    step_s: float = 30.0
    pad_km: float = 10.0
    threshold_km: float = 5.0
    pc_threshold: float = 1e-6
    max_hours: float = 168.0
    hbr_m: float = 20.0
    port: int = 8075

    @classmethod
    def load(cls, path: str) -> "ScreeningConfig":
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
        return cls(**raw["catalog"], **raw["screening"], port=raw["service"]["port"])
