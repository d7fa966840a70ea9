from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class TrainSection:
    root: str = "data/jacquard"
    batch_size: int = 32
    epochs: int = 50
    lr: float = 1e-3
    num_workers: int = 6
    pin_memory: bool = True
    ema_decay: float = 0.999
    log_heatmaps: bool = True


@dataclass
class GraspConfig:
    model: str = "models/ggcnn2_jacquard.ts"
    crop: int = 300
    top_k: int = 5
    min_quality: float = 0.35
    train: TrainSection = field(default_factory=TrainSection)


def load_cfg(path: str | Path) -> GraspConfig:
    raw = yaml.safe_load(Path(path).read_text())
    train = TrainSection(**raw.pop("train", {}))
    return GraspConfig(train=train, **raw)
