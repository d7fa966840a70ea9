from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class SampleSpec:
    name: str
    pairs: Path
    out: Path
    resolution: int = 10000
    chunk_rows: int = 5_000_000
    chroms: list[str] = field(default_factory=list)
    tile_bins: int = 512
    insulation_window: int = 25

    @classmethod
    def from_entry(cls, entry: dict, defaults: dict) -> "SampleSpec":
        merged = {**defaults, **entry}
        merged["pairs"] = Path(merged["pairs"])
        merged["out"] = Path(merged["out"])
        return cls(**merged)
