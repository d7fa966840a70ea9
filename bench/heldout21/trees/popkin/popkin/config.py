from __future__ import annotations

import argparse
import tomllib
from dataclasses import dataclass, field


@dataclass
class DataConfig:
    csv: str = "data/pop.csv"
    n_times: int = 96
    batch_size: int = 64


@dataclass
class ModelConfig:
    n_compartments: int = 2
    hidden: int = 128


@dataclass
class TrainConfig:
    epochs: int = 40
    lr: float = 3e-4
    callbacks: list[str] = field(default_factory=lambda: ["snapshot", "ema"])


@dataclass
class LoaderConfig:
    num_workers: int = 4
    pin_memory: bool = True


@dataclass
class Config:
    data: DataConfig = field(default_factory=DataConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    loader: LoaderConfig = field(default_factory=LoaderConfig)


def load_config(path: str) -> Config:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    return Config(
        data=DataConfig(**raw.get("data", {})),
        model=ModelConfig(**raw.get("model", {})),
        train=TrainConfig(**raw.get("train", {})),
        loader=LoaderConfig(**raw.get("loader", {})),
    )


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser("popkin")
    ap.add_argument("--config", default="configs/base.toml")
    ap.add_argument("--epochs", type=int)
    ap.add_argument("--device", default="cuda")
    return ap.parse_args(argv)
