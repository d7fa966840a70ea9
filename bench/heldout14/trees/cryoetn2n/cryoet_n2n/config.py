from __future__ import annotations

from dataclasses import dataclass, field

import yaml


@dataclass
class LoaderCfg:
    batch_size: int = 8
    num_workers: int = 4
    pin_memory: bool = True


@dataclass
class TrainCfg:
    epochs: int = 50
    lr: float = 4e-4
    callbacks: list[str] = field(default_factory=list)


@dataclass
class Config:
    tomograms: str = ""
    subtomo: int = 64
    per_epoch: int = 2000
    loader: LoaderCfg = field(default_factory=LoaderCfg)
    train: TrainCfg = field(default_factory=TrainCfg)


def load(path: str) -> Config:
    raw = yaml.safe_load(open(path))
    d = raw.get("data", {})
    return Config(tomograms=d.get("tomograms", ""), subtomo=d.get("subtomo", 64), per_epoch=d.get("per_epoch", 2000),
                  loader=LoaderCfg(**raw.get("loader", {})), train=TrainCfg(**raw.get("train", {})))
