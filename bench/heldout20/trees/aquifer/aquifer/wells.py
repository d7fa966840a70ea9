"""Pumping and injection schedules."""

from __future__ import annotations

from .config import WellConfig


class PumpingSchedule:
    def __init__(self, wells: list[WellConfig]):
        self.wells = sorted(wells, key=lambda w: w.offset)

    def active(self, t: float) -> list[WellConfig]:
        return [w for w in self.wells if w.start <= t < w.stop]

    def rates_at(self, t: float) -> list[tuple[int, float, list[float]]]:
        """(first cell, volumetric rate, per-cell fractions) for the wells active at time t."""
        out = []
        for w in self.active(t):
            total = sum(w.fractions) or 1.0
            out.append((w.offset, w.rate, [f / total for f in w.fractions]))
        return out
