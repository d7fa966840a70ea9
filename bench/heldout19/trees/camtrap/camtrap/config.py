from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib


@dataclass
class ALConfig:
    manifest: Path
    image_root: Path
    annotation_dir: Path
    site_table: Path
    n_classes: int = 48
    rounds: int = 10
    epochs_per_round: int = 2
    query_size: int = 1000
    batch_size: int = 64
    pool_batch_size: int = 256
    workers: int = 4
    lr: float = 3e-4
    priors: list[float] = field(default_factory=list)

    @classmethod
    def load(cls, path: str | Path) -> "ALConfig":
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
        for key in ("manifest", "image_root", "annotation_dir", "site_table"):
            raw[key] = Path(raw[key])
        cfg = cls(**raw)
        if not cfg.priors:
            cfg.priors = [1.0 / cfg.n_classes] * cfg.n_classes
        return cfg
