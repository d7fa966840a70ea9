from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class HiveConfig:
    name: str
    recordings: str               # directory of the day's frames, one JPEG per frame
    lut: str = "models/varroa_lut.png"
    threshold: float = 0.04
    width: int = 1280
    height: int = 720
    queue_slots: int = 6


@dataclass
class ApiaryConfig:
    hives: list[HiveConfig] = field(default_factory=list)
    evidence_dir: str = "evidence"

    @classmethod
    def load(cls, path: str | Path) -> "ApiaryConfig":
        raw = yaml.safe_load(Path(path).read_text())
        return cls(hives=[HiveConfig(**h) for h in raw["hives"]], evidence_dir=raw.get("evidence_dir", "evidence"))
