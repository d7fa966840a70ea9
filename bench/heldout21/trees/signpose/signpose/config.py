from __future__ import annotations

import argparse
import tomllib
from dataclasses import dataclass, field


@dataclass
class Config:
    root: str = "data/wlasl_kp"
    clip_len: int = 64
    batch_size: int = 48
    workers: int = 6
    epochs: int = 60
    lr: float = 1e-3
    transforms: list[str] = field(default_factory=lambda: ["smooth"])
    n_joints: int = 75
    n_glosses: int = 2000


def load(path: str) -> Config:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    return Config(**raw.get("data", {}), **raw.get("train", {}))


def cli(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/train.toml")
    return ap.parse_args(argv)
