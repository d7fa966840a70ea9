"""Structured configs (OmegaConf), overridable from the command line: key=value."""
from __future__ import annotations

from dataclasses import dataclass, field

from omegaconf import OmegaConf


@dataclass
class DataConfig:
    path: str = "data/era5_to_cerra.zarr"
    variables: list[str] = field(default_factory=lambda: ["t2m", "u10", "v10", "tp"])
    train_years: list[int] = field(default_factory=lambda: list(range(1991, 2016)))
    val_years: list[int] = field(default_factory=lambda: [2016, 2017])


@dataclass
class TrainConfig:
    batch_size: int = 16
    steps: int = 200_000
    lr: float = 2e-4
    offload_opt_state: bool = True
    log_every: int = 1


@dataclass
class InferConfig:
    tile: int = 256
    halo: int = 16
    members: int = 8
    workers: int = 4
    engine: str = "jax"
    quantiles: int = 101
    out_dir: str = "out"


@dataclass
class Config:
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    infer: InferConfig = field(default_factory=InferConfig)
    seed: int = 0


def load(argv: list[str] | None = None, path: str | None = None) -> Config:
    base = OmegaConf.structured(Config)
    if path:
        base = OmegaConf.merge(base, OmegaConf.load(path))
    return OmegaConf.to_object(OmegaConf.merge(base, OmegaConf.from_dotlist(argv or [])))
