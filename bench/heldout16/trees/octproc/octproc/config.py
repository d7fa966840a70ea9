from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class ScanCfg:
    alines: int = 1024
    samples: int = 2048
    depth: int = 1024
    repeats: int = 4
    bscans_per_volume: int = 512
    doppler_rows: int = 0


@dataclass
class CalibrationCfg:
    klin: str = "cal/klin.npy"
    mirror: str = "cal/mirror.raw"
    background_frames: int = 64
    a2_grid: tuple[float, float, int] = (-4e-5, 4e-5, 81)


@dataclass
class AcquisitionCfg:
    source: str = "raw.bin"
    ring_depth: int = 8
    fps: float = 250.0


@dataclass
class OutputCfg:
    dir: str = "out"
    export_slices: bool = False
    slice_step: int = 8


@dataclass
class Config:
    scan: ScanCfg = field(default_factory=ScanCfg)
    calibration: CalibrationCfg = field(default_factory=CalibrationCfg)
    acquisition: AcquisitionCfg = field(default_factory=AcquisitionCfg)
    output: OutputCfg = field(default_factory=OutputCfg)

    @classmethod
    def load(cls, path: str | Path) -> "Config":
        raw = tomllib.loads(Path(path).read_text())
        return cls(
            scan=ScanCfg(**raw.get("scan", {})),
            calibration=CalibrationCfg(**raw.get("calibration", {})),
            acquisition=AcquisitionCfg(**raw.get("acquisition", {})),
            output=OutputCfg(**raw.get("output", {})),
        )
