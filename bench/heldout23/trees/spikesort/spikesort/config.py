from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass
class SorterConfig:
    name: str
    raw_path: Path
    probe_path: Path
    out_dir: Path
    n_channels: int = 384
    sample_rate: float = 30000.0
    batch_samples: int = 65536
    overlap: int = 64
    threshold: float = 6.0
    template_samples: int = 61
    n_templates: int = 96
    radius_um: float = 100.0
    n_depth_bins: int = 96
    n_amp_bins: int = 20
    depth_max_um: float = 3840.0
    whitening_batches: int = 8


def load_sessions(path: str | Path) -> list[SorterConfig]:
    """One SorterConfig per [session.<name>] table, with [defaults] merged underneath."""
    with open(path, "rb") as fh:
        doc = tomllib.load(fh)
    defaults = doc.get("defaults", {})
    sessions = []
    for name, table in doc.get("session", {}).items():
        merged = {**defaults, **table}
        sessions.append(
            SorterConfig(
                name=name,
                raw_path=Path(merged.pop("raw")),
                probe_path=Path(merged.pop("probe")),
                out_dir=Path(merged.pop("out", f"sorted/{name}")),
                **merged,
            )
        )
    return sessions
