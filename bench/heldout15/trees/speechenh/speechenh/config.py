from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class Config:
    checkpoint: str = "checkpoints/cmunet_dns5.pt"
    channels: int = 48
    sample_rate: int = 16000
    n_fft: int = 512
    hop: int = 128
    chunk: int = 2048
    host: str = "0.0.0.0"
    port: int = 8080
    n_slots: int = 8
    broadcast_url: str = ""
    postfx: list[str] = field(default_factory=lambda: ["agc"])
    agc_window: int = 200
    epochs: int = 120
    batch_size: int = 24
    workers: int = 8
    lr: float = 3e-4
    reverb_prob: float = 0.4


def load_config(path: str | Path) -> Config:
    raw = yaml.safe_load(Path(path).read_text())
    flat = {}
    for section in raw.values():
        flat.update(section)
    return Config(**flat)
