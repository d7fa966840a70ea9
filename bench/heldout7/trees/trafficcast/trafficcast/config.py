from dataclasses import dataclass, field

import yaml


@dataclass
class DataCfg:
    path: str = "data/metr-la.h5"
    adjacency: str = "data/adj_mx.npy"
    history: int = 12
    horizon: int = 12
    batch_size: int = 64
    num_workers: int = 4


@dataclass
class ModelCfg:
    hidden: int = 64
    diffusion_steps: int = 2
    layers: int = 2


@dataclass
class TrainCfg:
    epochs: int = 100
    lr: float = 0.01
    clip: float = 5.0


@dataclass
class Config:
    data: DataCfg = field(default_factory=DataCfg)
    model: ModelCfg = field(default_factory=ModelCfg)
    train: TrainCfg = field(default_factory=TrainCfg)


def load(path):
    with open(path) as fh:
        raw = yaml.safe_load(fh)
    return Config(DataCfg(**raw["data"]), ModelCfg(**raw["model"]), TrainCfg(**raw["train"]))
