from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml


@dataclass
class TrainConfig:
    enabled: bool = False
    n_latent: int = 10
    n_hidden: int = 128
    batch_size: int = 512
    max_epochs: int = 50
    lr: float = 1e-3
    num_workers: int = 4
    pin_memory: bool = True
    log_latents: bool = False


@dataclass
class ClusterConfig:
    resolutions: list[float] = field(default_factory=lambda: [0.4, 0.8, 1.2])
    n_neighbors: int = 15
    umap_epochs: int = 200


@dataclass
class RunConfig:
    chunk_size: int = 20_000
    steps: list[dict[str, Any]] = field(default_factory=list)
    train: TrainConfig = field(default_factory=TrainConfig)
    cluster: ClusterConfig = field(default_factory=ClusterConfig)


def load_config(path: str | Path) -> RunConfig:
    raw = yaml.safe_load(Path(path).read_text()) or {}
    return RunConfig(
        chunk_size=raw.get("chunk_size", 20_000),
        steps=raw.get("steps", []),
        train=TrainConfig(**raw.get("train", {})),
        cluster=ClusterConfig(**raw.get("cluster", {})),
    )
