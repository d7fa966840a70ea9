from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class PipelineConfig:
    calibration: str = "calib/boom_left.yml"
    width: int = 1920
    height: int = 1080
    tile: int = 120
    exg_threshold: float = 0.08
    row_spacing_px: int = 240
    ring_depth: int = 4
    nozzles: int = 24
    boom_width_m: float = 12.0
    spray_threshold: float = 0.015
    mosaic_path: str = "out/mosaic.png"
    sources: list[str] = field(default_factory=lambda: ["rtsp://10.0.0.21/stream1"])


def load_config(path: str | Path | None) -> PipelineConfig:
    if path is None:
        return PipelineConfig()
    return PipelineConfig(**json.loads(Path(path).read_text()))
