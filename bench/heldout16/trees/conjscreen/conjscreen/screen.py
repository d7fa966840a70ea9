"""Pair filters: apogee/perigee, then the time filter over the propagated positions."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from .catalog import Catalog


class Screener:
    def __init__(self, catalog: Catalog, pad_km: float, threshold_km: float):
        self.cat = catalog
        self.pad = pad_km
        self.threshold = threshold_km
        self._hist = None

    def _miss_histogram(self) -> np.ndarray:
        """Running histogram of screened miss distances (0-100 km), exported on /metrics."""
        if self._hist is None:
            self._hist = cupyx.zeros_pinned(100, dtype=np.int64)
        return self._hist

    def apogee_perigee(self, primary: int) -> np.ndarray:
        c = self.cat
        i = c.index[primary]
        keep = (c.perigee <= c.apogee[i] + self.pad) & (c.apogee >= c.perigee[i] - self.pad)
        keep[i] = False
        return np.nonzero(keep)[0]

    def screen(self, primaries: list[int], positions) -> list[tuple[int, int, int, float]]:
        """Returns (primary, secondary index, step, distance) for every step where a candidate
        comes within the threshold."""
        pos = cp.asarray(positions)
        hist = self._miss_histogram()
        hits = []
        for primary in primaries:
            cand = self.apogee_perigee(primary)
            if cand.size == 0:
                continue
            p = pos[self.cat.index[primary]]
            d = cp.linalg.norm(pos[cand] - p[None], axis=2)  # (cand, steps)
            dmin = d.min(axis=1)
            close = cupyx.zeros_pinned(cand.size, dtype=np.float32)
            dmin.astype(cp.float32).get(out=close)
            hist += np.histogram(close, bins=100, range=(0.0, 100.0))[0]
            for j in np.nonzero(close < self.threshold)[0]:
                step = int(cp.argmin(d[j]))
                hits.append((primary, int(cand[j]), step, float(close[j])))
        return hits
