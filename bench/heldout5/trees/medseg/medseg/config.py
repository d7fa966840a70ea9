import argparse
from dataclasses import dataclass, field
from typing import Tuple


@dataclass
class DataConfig:
    root: str = "/data/msd/Task09_Spleen"
    roi: Tuple[int, int, int] = (96, 96, 96)
    spacing: Tuple[float, float, float] = (1.5, 1.5, 2.0)
    cache_rate: float = 1.0
    num_workers: int = 4
    batch_size: int = 2
    val_every: int = 2


@dataclass
class InferConfig:
    overlap: float = 0.5
    sw_batch_size: int = 4
    mode: str = "gaussian"
    tta: bool = False


@dataclass
class TrainConfig:
    epochs: int = 300
    lr: float = 1e-4
    amp: bool = True
    data: DataConfig = field(default_factory=DataConfig)
    infer: InferConfig = field(default_factory=InferConfig)


def get_parser():
    p = argparse.ArgumentParser("medseg")
    p.add_argument("--root", default=DataConfig.root)
    p.add_argument("--epochs", type=int, default=300)
    p.add_argument("--batch-size", type=int, default=2)
    p.add_argument("--tta", action="store_true")
    return p


def from_args(a):
    cfg = TrainConfig(epochs=a.epochs)
    cfg.data.root = a.root
    cfg.data.batch_size = a.batch_size
    cfg.infer.tta = a.tta
    return cfg
