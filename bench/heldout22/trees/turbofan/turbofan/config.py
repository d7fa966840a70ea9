"""Configuration dataclasses for the RUL trainer and the service."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path


@dataclass
class DataConfig:
    root: str = "data/CMAPSS"
    subset: str = "FD001"
    window: int = 30
    stride: int = 1
    max_rul: int = 125
    n_regimes: int = 6
    sensors: tuple[int, ...] = (2, 3, 4, 7, 8, 9, 11, 12, 13, 14, 15, 17, 20, 21)
    batch_size: int = 64
    workers: int = 4

    @property
    def n_inputs(self) -> int:
        # three operating settings in front of the selected sensors
        return 3 + len(self.sensors)


@dataclass
class OptimConfig:
    lr: float = 1e-3
    weight_decay: float = 1e-5
    epochs: int = 60
    clip: float = 1.0


@dataclass
class TrainConfig:
    data: DataConfig = field(default_factory=DataConfig)
    optim: OptimConfig = field(default_factory=OptimConfig)
    callbacks: list[str] = field(default_factory=lambda: ["drift", "gradnorm", "ema", "best"])
    out_dir: str = "runs/fd001"
    device: str = "cuda"
    seed: int = 17

    @classmethod
    def from_json(cls, path: str | Path) -> "TrainConfig":
        raw = json.loads(Path(path).read_text())
        data = dict(raw.get("data", {}))
        if "sensors" in data:
            data["sensors"] = tuple(data["sensors"])
        return cls(
            data=DataConfig(**data),
            optim=OptimConfig(**raw.get("optim", {})),
            callbacks=list(raw.get("callbacks", ["drift", "gradnorm", "ema", "best"])),
            out_dir=raw.get("out_dir", "runs/fd001"),
            device=raw.get("device", "cuda"),
            seed=int(raw.get("seed", 17)),
        )

    def to_dict(self) -> dict:
        return asdict(self)
