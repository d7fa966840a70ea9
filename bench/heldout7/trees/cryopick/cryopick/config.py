from __future__ import annotations

from dataclasses import dataclass, field
from typing import List

import yaml


@dataclass
class DataConfig:
    root: str = "."
    micrograph_glob: str = "*.mrc"
    batch_size: int = 8
    num_workers: int = 4
    pin_memory: bool = True


@dataclass
class TrainConfig:
    epochs: int = 20
    lr: float = 3e-4
    ema_decay: float = 0.999


@dataclass
class PickConfig:
    threshold: float = 0.5
    min_distance: int = 64
    lowpass_angstrom: float = 20.0
    highpass_angstrom: float = 500.0


@dataclass
class PickerConfig:
    channels: List[int] = field(default_factory=lambda: [16, 32, 64, 128])
    box_size: int = 256
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    pick: PickConfig = field(default_factory=PickConfig)


def load_config(path: str) -> PickerConfig:
    with open(path) as fh:
        raw = yaml.safe_load(fh)
    model = raw.get("model", {})
    return PickerConfig(
        channels=model.get("channels", [16, 32, 64, 128]),
        box_size=model.get("box_size", 256),
        data=DataConfig(**raw.get("data", {})),
        train=TrainConfig(**raw.get("train", {})),
        pick=PickConfig(**raw.get("pick", {})),
    )
