from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RigConfig:
    n_cameras: int = 6
    width: int = 1920
    height: int = 1080
    fps: int = 340
    calib_dir: str = "calib"
    roi_size: int = 96
    court: str = "hard"
    lines: list[str] = field(default_factory=lambda: ["baseline", "sideline", "service"])
