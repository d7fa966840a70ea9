from __future__ import annotations

import argparse
from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    train_list: str = "data/train.txt"
    val_list: str = "data/val.txt"
    channels: list[str] = field(default_factory=lambda: ["EEG Fpz-Cz", "EEG Pz-Oz", "EOG horizontal"])
    epoch_seconds: int = 30
    context: int = 5
    fs: int = 100
    n_classes: int = 5
    batch_size: int = 128
    epochs: int = 60
    lr: float = 1e-3
    workers: int = 8
    distill_weight: float = 0.5
    teacher_ckpt: str = "ckpt/teacher.pt"
    out_dir: str = "runs/student"


def parse_args(argv=None) -> TrainConfig:
    cfg = TrainConfig()
    ap = argparse.ArgumentParser()
    for k, v in vars(cfg).items():
        if isinstance(v, list):
            ap.add_argument("--" + k.replace("_", "-"), nargs="+", default=v)
        else:
            ap.add_argument("--" + k.replace("_", "-"), type=type(v), default=v)
    return TrainConfig(**vars(ap.parse_args(argv)))
