from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class WindConfig:
    mean: tuple[float, float, float] = (1.5, 0.0, 0.0)
    gust_amplitude: float = 0.8
    gust_period_s: float = 1.7
    drag_coefficient: float = 0.35


@dataclass
class SimConfig:
    garment: str
    avatar: str
    frames: int = 240
    fps: int = 60
    substeps: int = 8
    sdf_res: int = 96
    export_every: int = 4
    out_dir: str = "out/frames"
    checkpoint: str = "out/final.state"
    preview: bool = False
    wind: WindConfig = field(default_factory=WindConfig)

    @property
    def dt(self) -> float:
        return 1.0 / self.fps

    @classmethod
    def load(cls, path: str | Path) -> "SimConfig":
        raw = tomllib.loads(Path(path).read_text())
        wind = WindConfig(**raw.pop("wind", {}))
        return cls(wind=wind, **raw)
