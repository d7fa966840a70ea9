from __future__ import annotations

import tomllib
from dataclasses import dataclass


@dataclass(frozen=True)
class DasConfig:
    n_channels: int = 4096
    block_samples: int = 2000
    fs_hz: float = 2000.0
    gauge_m: float = 10.0
    v_min: float = 300.0
    sta: int = 20
    lta: int = 400
    trigger: float = 4.0
    ring_depth: int = 4
    chunk_channels: int = 512
    archive: str = "archive"
    source: str = "udp://0.0.0.0:5005"


def load(path: str) -> DasConfig:
    with open(path, "rb") as fh:
        return DasConfig(**tomllib.load(fh).get("das", {}))
