from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class ScheduleConfig:
    n_windows: int = 16
    softcore_alpha: float = 0.5
    softcore_beta: float = 12.0


@dataclass
class RunSection:
    cycles: int = 2000
    steps_per_cycle: int = 500
    exchange: str = "neighbour"
    dhdl_interval: int = 10
    prefetch: int = 4
    pin_memory: bool = True


@dataclass
class RunConfig:
    topology: str = ""
    coordinates: str = ""
    temperature: float = 298.15
    schedule: ScheduleConfig = field(default_factory=ScheduleConfig)
    run: RunSection = field(default_factory=RunSection)
    hooks: list[str] = field(default_factory=lambda: ["checkpoint"])
    bootstrap: int = 200
    tolerance: float = 1e-10
    out_dir: Path = Path("runs")


def load_config(path: str | Path) -> RunConfig:
    raw = yaml.safe_load(Path(path).read_text())
    system = raw.get("system", {})
    cfg = RunConfig(
        topology=system.get("topology", ""),
        coordinates=system.get("coordinates", ""),
        temperature=float(system.get("temperature", 298.15)),
        schedule=ScheduleConfig(**raw.get("schedule", {})),
        run=RunSection(**raw.get("run", {})),
        hooks=list(raw.get("hooks", ["checkpoint"])),
    )
    analysis = raw.get("analysis", {})
    cfg.bootstrap = int(analysis.get("bootstrap", cfg.bootstrap))
    cfg.tolerance = float(analysis.get("tolerance", cfg.tolerance))
    return cfg
