from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class PlannerSection:
    horizon: int = 40
    samples: int = 2048
    dt: float = 0.05
    lambda_: float = 1.2
    noise_sigma: tuple[float, float, float] = (0.6, 0.6, 0.3)


@dataclass
class SwarmConfig:
    n_drones: int = 16
    formation: str = "line"
    planner: PlannerSection = field(default_factory=PlannerSection)
    occupancy: str = ""
    wind: str = ""
    costs: list[dict] = field(default_factory=list)
    ring: int = 8
    rate_hz: float = 50.0


def load_config(path: str | Path) -> SwarmConfig:
    raw = yaml.safe_load(Path(path).read_text())
    sw = raw.get("swarm", {})
    return SwarmConfig(
        n_drones=sw.get("n_drones", 16),
        formation=sw.get("formation", "line"),
        planner=PlannerSection(**raw.get("planner", {})),
        occupancy=raw.get("map", {}).get("occupancy", ""),
        wind=raw.get("map", {}).get("wind", ""),
        costs=raw.get("costs", []),
        ring=raw.get("telemetry", {}).get("ring", 8),
        rate_hz=raw.get("telemetry", {}).get("rate_hz", 50.0),
    )
