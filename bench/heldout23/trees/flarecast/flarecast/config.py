from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml


@dataclass
class TrainConfig:
    index: Path
    patch_root: Path
    patch_size: int = 128
    batch_size: int = 64
    epochs: int = 40
    lr: float = 3e-4
    val_every: int = 1
    num_workers: int = 8
    offload_min_numel: int = 1 << 20
    callbacks: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def from_yaml(cls, path: str | Path) -> "TrainConfig":
        with open(path) as fh:
            raw = yaml.safe_load(fh)
        raw["index"] = Path(raw["index"])
        raw["patch_root"] = Path(raw["patch_root"])
        return cls(**raw)
