from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class DataConfig:
    parquet: str = "data/sales.parquet"
    context: int = 112
    horizon: int = 28
    batch_size: int = 512
    num_workers: int = 6


@dataclass
class TrainConfig:
    epochs: int = 30
    lr: float = 1e-3
    ema_decay: float = 0.999
    grad_clip: float = 1.0
    val_fraction: float = 0.1
    callbacks: list[str] = field(default_factory=lambda: ["ema", "attn_probe"])


@dataclass
class Config:
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    hidden: int = 128
    heads: int = 4
