from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class DataConfig:
    root: str
    hist_len: int = 20
    fut_len: int = 30
    max_agents: int = 32
    batch_size: int = 64
    num_workers: int = 4
    pin_memory: bool = True


@dataclass
class ModelConfig:
    d_model: int = 128
    n_modes: int = 6
    n_layers: int = 4


@dataclass
class TrainConfig:
    max_epochs: int = 40
    lr: float = 3e-4
    grad_clip: float = 1.0
    callbacks: list[str] = field(default_factory=lambda: ["minade"])


@dataclass
class Config:
    data: DataConfig
    maps_dir: str
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)


def load_config(path: str | Path) -> Config:
    raw = yaml.safe_load(Path(path).read_text())
    return Config(
        data=DataConfig(**raw["data"]),
        maps_dir=raw["maps"]["dir"],
        model=ModelConfig(**raw.get("model", {})),
        train=TrainConfig(**raw.get("train", {})),
    )
