from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class Settings:
    particles: int = 100_000
    batches: int = 150
    inactive: int = 50
    generations_per_batch: int = 1
    n_tally_bins: int = 4096
    mesh: tuple[int, int, int] = (17, 17, 1)
    seed: int = 1
    xs_library: str = "data/endfb8.nmcx"
    thermal: str = "data/c_H_in_H2O.npy"
    urr: str = "data/urr.bin"
    nuclides: list[tuple[str, int]] = field(default_factory=lambda: [("U235", 92235), ("U238", 92238)])
    reactions: int = 4


def load_settings(path: str | Path) -> Settings:
    raw = yaml.safe_load(Path(path).read_text()) or {}
    if "mesh" in raw:
        raw["mesh"] = tuple(raw["mesh"])
    if "nuclides" in raw:
        raw["nuclides"] = [tuple(x) for x in raw["nuclides"]]
    return Settings(**raw)
