from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class BciConfig:
    fs: int = 250
    n_channels: int = 22
    n_classes: int = 4
    window: int = 500
    hop: int = 25
    bands: list[tuple[float, float]] = field(default_factory=lambda: [(8.0, 30.0)])
    n_taps: int = 129
    ring: int = 32
    ica_path: str = ""
    filter_coeffs: str = ""
    stream: str = "tcp://127.0.0.1:16573"
    batch_size: int = 64
    epochs: int = 300
    lr: float = 1e-3
    gain: float = 0.8


def load(path: str | Path) -> BciConfig:
    raw = yaml.safe_load(Path(path).read_text())
    raw["bands"] = [tuple(b) for b in raw.get("bands", [(8.0, 30.0)])]
    return BciConfig(**raw)
