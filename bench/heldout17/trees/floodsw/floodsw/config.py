from __future__ import annotations

import argparse
from dataclasses import dataclass


@dataclass
class RunConfig:
    dem: str
    gauges: str
    radar_dir: str
    hours: float = 48.0
    dt_s: float = 2.0
    output_every: int = 150
    assimilate_every: int = 900
    manning_n: float = 0.035
    nudge_gain: float = 0.2
    out_dir: str = "flood_out"


def parse(argv=None) -> RunConfig:
    p = argparse.ArgumentParser("floodsw")
    p.add_argument("dem")
    p.add_argument("gauges")
    p.add_argument("radar_dir")
    p.add_argument("--hours", type=float, default=48.0)
    p.add_argument("--out-dir", default="flood_out")
    a = p.parse_args(argv)
    return RunConfig(a.dem, a.gauges, a.radar_dir, hours=a.hours, out_dir=a.out_dir)
