"""CCSDS conjunction data messages (CDM, key-value notation)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import cupy as cp
import cupyx
import numpy as np


class CdmWriter:
    def __init__(self, out_dir: str, originator: str = "CONJSCREEN"):
        self.out = Path(out_dir)
        self.out.mkdir(parents=True, exist_ok=True)
        self.originator = originator

    def write(self, primary: int, secondary: int, tca_s: float, miss_km: float, pc: float, rel_track) -> Path:
        """One CDM per event; the relative track (device array) is attached as a comment block."""
        track = cupyx.empty_pinned(rel_track.shape, dtype=np.float32)
        cp.asarray(rel_track, dtype=cp.float32).get(out=track)
        now = dt.datetime.now(dt.timezone.utc)
        path = self.out / f"CDM_{primary}_{secondary}_{now:%Y%m%dT%H%M%S}.txt"
        lines = [
            "CCSDS_CDM_VERS = 1.0",
            f"CREATION_DATE = {now:%Y-%m-%dT%H:%M:%S}",
            f"ORIGINATOR = {self.originator}",
            f"TCA = +{tca_s:.3f} s",
            f"MISS_DISTANCE = {miss_km * 1000:.1f} [m]",
            f"COLLISION_PROBABILITY = {pc:.3e}",
            f"OBJECT1 = {primary}",
            f"OBJECT2 = {secondary}",
        ]
        lines += [f"COMMENT {x:.3f} {y:.3f} {z:.3f}" for x, y, z in track]
        path.write_text("\n".join(lines) + "\n")
        return path
