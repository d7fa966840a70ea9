from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field


@dataclass
class StackConfig:
    slc_dir: str
    n_bursts: int = 9
    burst_shape: tuple[int, int] = (1500, 21000)
    io_depth: int = 3
    filters: list[str] = field(default_factory=lambda: ["goldstein"])
    goldstein_alpha: float = 0.6
    max_temporal_baseline_days: int = 48
    out: str = "velocity.tif"

    @classmethod
    def from_json(cls, path: str) -> "StackConfig":
        with open(path) as fh:
            raw = json.load(fh)
        raw["burst_shape"] = tuple(raw["burst_shape"])
        return cls(**raw)


def parse_args(argv=None):
    ap = argparse.ArgumentParser("insar-stack")
    ap.add_argument("config")
    ap.add_argument("--limit", type=int, default=0, help="process only the first N pairs")
    return ap.parse_args(argv)
