from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml


@dataclass
class SessionConfig:
    rows: int = 512
    cols: int = 512
    max_shift: int = 40
    n_slots: int = 8
    template_every: int = 500
    chunk: int = 1000
    ar_coeff: float = 0.95
    sparsity: float = 0.2
    max_lag: int = 64
    patch: int = 32
    batch_size: int = 64
    epochs: int = 30


def load(path: str | Path) -> SessionConfig:
    return SessionConfig(**yaml.safe_load(Path(path).read_text()))
