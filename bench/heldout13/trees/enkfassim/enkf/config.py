from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class CycleConfig:
    grid: str = "conus12"
    n_state: int = 1 << 20
    members: int = 40
    max_obs: int = 1 << 18
    window_hours: int = 6
    window_steps: int = 6
    loc_radius_km: float = 500.0
    rtps_alpha: float = 0.85
    obs_types: list[str] = field(default_factory=lambda: ["radiosonde", "gnss_ro"])
    obs_error_table: str = ""
    climatology: str = ""
    background: str = ""
    outdir: str = "analysis"
    callbacks: list[str] = field(default_factory=lambda: ["innovations"])

    @classmethod
    def from_yaml(cls, path: str | Path) -> "CycleConfig":
        with open(path) as fh:
            raw = yaml.safe_load(fh)
        known = {k: v for k, v in raw.items() if k in cls.__dataclass_fields__}
        return cls(**known)
