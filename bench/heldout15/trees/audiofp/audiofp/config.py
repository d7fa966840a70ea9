from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class FPConfig:
    sample_rate: int = 11025
    n_fft: int = 2048
    hop: int = 512
    hop_frames: int = 256
    threshold: float = -45.0
    neighbourhood: tuple[int, int] = (9, 15)
    fan_out: int = 10
    bands: list[tuple[int, int]] = field(default_factory=lambda: [(0, 1025)])
    workers: int = 6
    pool_size: int = 6
    max_hashes: int = 400_000
    max_query_hashes: int = 20_000
    max_candidates: int = 256
    offset_bins: int = 512
    catalog: str = "index/catalog.npz"
    shards: str = "index/shards"


def load_config(path: str | Path) -> FPConfig:
    raw = yaml.safe_load(Path(path).read_text())
    raw["neighbourhood"] = tuple(raw.get("neighbourhood", (9, 15)))
    raw["bands"] = [tuple(b) for b in raw.get("bands", [(0, 1025)])]
    return FPConfig(**raw)
