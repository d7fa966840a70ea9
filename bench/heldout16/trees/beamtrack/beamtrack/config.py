"""Run configuration for beamtrack (loaded from YAML)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class BeamConfig:
    n_particles: int = 100_000
    energy_gev: float = 450.0
    emit_norm_um: float = 3.5
    sigma_z_m: float = 0.08
    seed: int = 1234


@dataclass
class TrackingConfig:
    n_turns: int = 1000
    sync_every: int = 16
    ring_depth: int = 4
    space_charge_slices: int = 32
    device: str = "cuda"


@dataclass
class RunConfig:
    lattice: str = "lattices/sps_q20.seq"
    aperture: str | None = None
    beam: BeamConfig = field(default_factory=BeamConfig)
    tracking: TrackingConfig = field(default_factory=TrackingConfig)
    monitors: list[str] = field(default_factory=lambda: ["tbt", "loss"])
    out_dir: str = "runs/default"

    @classmethod
    def from_yaml(cls, path: str | Path) -> "RunConfig":
        raw = yaml.safe_load(Path(path).read_text())
        beam = BeamConfig(**raw.pop("beam", {}))
        tracking = TrackingConfig(**raw.pop("tracking", {}))
        return cls(beam=beam, tracking=tracking, **raw)
