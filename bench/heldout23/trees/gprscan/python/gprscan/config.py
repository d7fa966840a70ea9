from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class SurveyJob:
    name: str
    dzt: Path
    dzg: Path
    out_dir: Path
    antenna_mhz: int = 400
    samples_per_trace: int = 512
    dt_ns: float = 0.1
    trace_spacing_m: float = 0.02
    velocity_m_ns: float = 0.1
    pick_threshold: float = 4.0
    device: int = 0
    v_grid: list[float] = field(default_factory=lambda: [0.05 + 0.005 * i for i in range(31)])


def load_site(path: str | Path) -> tuple[dict, list[SurveyJob]]:
    """A site file: {"site": {...}, "surveys": [{...}, ...]} with per-survey overrides."""
    doc = json.loads(Path(path).read_text())
    common = doc.get("defaults", {})
    jobs = []
    for entry in doc["surveys"]:
        merged = {**common, **entry}
        for key in ("dzt", "dzg", "out_dir"):
            merged[key] = Path(merged[key])
        jobs.append(SurveyJob(**merged))
    return doc.get("site", {}), jobs
