from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import List

import yaml


@dataclass
class EvaluatorConfig:
    max_batch: int = 256
    device: str = "cuda:0"


@dataclass
class TrainConfig:
    batch_size: int = 512
    lr: float = 0.02
    steps: int = 200_000
    num_workers: int = 6
    pin_memory: bool = True
    hooks: List[str] = field(default_factory=lambda: ["log_policy_entropy"])


@dataclass
class SelfPlayConfig:
    board_size: int = 19
    history: int = 8
    simulations: int = 800
    leaf_batch: int = 16
    actors: int = 12
    games_per_actor: int = 64
    evaluator: EvaluatorConfig = field(default_factory=EvaluatorConfig)
    train: TrainConfig = field(default_factory=TrainConfig)


def load_config(path: str | Path) -> SelfPlayConfig:
    raw = yaml.safe_load(Path(path).read_text())
    ev = EvaluatorConfig(**raw.pop("evaluator", {}))
    tr = TrainConfig(**raw.pop("train", {}))
    return SelfPlayConfig(evaluator=ev, train=tr, **raw)
