from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class SignalConfig:
    kind: str
    junction: int
    min_green: float = 7.0
    max_green: float = 45.0
    cycle: float = 90.0


@dataclass
class ScenarioConfig:
    network: str
    max_vehicles: int = 20000
    models: list[str] = field(default_factory=lambda: ["idm"])
    hooks: list[str] = field(default_factory=list)
    dt: float = 0.1
    ticks: int = 36000
    history: int = 600
    reroute_every: int = 300
    report_every: int = 3000
    groups: int = 12
    od_pairs: list[tuple[int, int]] = field(default_factory=list)
    signals: list[SignalConfig] = field(default_factory=list)


def load(path: str | Path) -> ScenarioConfig:
    raw = yaml.safe_load(Path(path).read_text())
    raw["signals"] = [SignalConfig(**s) for s in raw.get("signals", [])]
    raw["od_pairs"] = [tuple(p) for p in raw.get("od_pairs", [])]
    return ScenarioConfig(**raw)
