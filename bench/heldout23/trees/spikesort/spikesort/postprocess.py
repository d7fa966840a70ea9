from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import _spikecore
from .config import SorterConfig


@dataclass
class UnitSummary:
    unit: int
    n_spikes: int
    peak_sample: int


def summarize_units(times: np.ndarray, units: np.ndarray, amps: np.ndarray) -> list[UnitSummary]:
    out = []
    for u in np.unique(units):
        sel = units == u
        best = int(np.argmax(amps[sel]))
        out.append(UnitSummary(int(u), int(sel.sum()), int(times[sel][best])))
    return out


def export_snippets(cfg: SorterConfig, summaries: list[UnitSummary], window: int = 3000) -> None:
    """Writes one filtered raw excerpt per unit around its largest spike, for manual review."""
    out_dir = Path(cfg.out_dir) / "excerpts"
    out_dir.mkdir(parents=True, exist_ok=True)
    reader = _spikecore.RawReader(str(cfg.raw_path), cfg.n_channels)
    try:
        for s in summaries:
            start = max(0, s.peak_sample - window // 2)
            n = min(window, reader.n_samples - start)
            reader.export_segment(str(out_dir / f"unit{s.unit:04d}.bin"), start, n)
    finally:
        reader.close()


def write_phy(out_dir: Path, times: np.ndarray, units: np.ndarray, amps: np.ndarray, sample_rate: float) -> None:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    np.save(out_dir / "spike_times.npy", times.astype(np.uint64))
    np.save(out_dir / "spike_clusters.npy", units.astype(np.uint32))
    np.save(out_dir / "amplitudes.npy", amps.astype(np.float32))
    (out_dir / "params.py").write_text(f"sample_rate = {sample_rate}\ndtype = 'int16'\n")
    (out_dir / "summary.json").write_text(json.dumps({"n_spikes": int(times.size)}))
