from __future__ import annotations

import argparse
from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    train_path: str = "data/uspto_50k_train.pt"
    val_path: str = "data/uspto_50k_val.pt"
    n_templates: int = 11_852
    fp_bits: int = 2048
    hidden: int = 1024
    batch_size: int = 256
    epochs: int = 40
    lr: float = 3e-4
    workers: int = 6
    ema_decay: float = 0.999
    patience: int = 6
    out_dir: str = "runs/latest"
    callbacks: list[str] = field(default_factory=lambda: ["ema", "best", "early_stop"])


def parse_args(argv=None) -> TrainConfig:
    ap = argparse.ArgumentParser(description="train the template scorer")
    cfg = TrainConfig()
    for name, value in vars(cfg).items():
        if isinstance(value, list):
            ap.add_argument(f"--{name.replace('_', '-')}", nargs="*", default=value)
        else:
            ap.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=value)
    ns = ap.parse_args(argv)
    return TrainConfig(**vars(ns))
