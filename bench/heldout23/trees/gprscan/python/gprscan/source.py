from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import numpy as np

from ._lib import check, lib
from .config import SurveyJob


@dataclass
class GpsFix:
    lat: float
    lon: float
    heading_deg: float


@dataclass
class BScan:
    index: int
    first_trace: int
    traces: np.ndarray  # (n_traces, samples_per_trace) float32
    fix: GpsFix


class DzgTrack:
    """GSSI .dzg companion: `$GSSIS,<trace>,...` followed by an NMEA `$GPGGA` sentence."""

    def __init__(self, path: Path):
        self.traces: list[int] = []
        self.fixes: list[tuple[float, float]] = []
        trace = None
        for line in Path(path).read_text(errors="replace").splitlines():
            if line.startswith("$GSSIS"):
                trace = int(line.split(",")[1])
            elif line.startswith("$GPGGA") and trace is not None:
                f = line.split(",")
                lat = int(f[2][:2]) + float(f[2][2:]) / 60.0
                lon = int(f[4][:3]) + float(f[4][3:]) / 60.0
                self.traces.append(trace)
                self.fixes.append((-lat if f[3] == "S" else lat, -lon if f[5] == "W" else lon))

    def at_trace(self, t: int) -> GpsFix:
        i = int(np.searchsorted(self.traces, t).clip(0, len(self.traces) - 1))
        j = min(i + 1, len(self.traces) - 1)
        (la0, lo0), (la1, lo1) = self.fixes[i], self.fixes[j]
        return GpsFix(la0, lo0, float(np.degrees(np.arctan2(lo1 - lo0, la1 - la0))))


class DztSource:
    def __init__(self, job: SurveyJob, ctx: int):
        self.job = job
        self.ctx = ctx

    def load(self) -> np.ndarray:
        ns = self.job.samples_per_trace
        max_traces = os.path.getsize(self.job.dzt) // (2 * ns) + 1
        out = np.empty((max_traces, ns), dtype=np.float32)
        n = ctypes.c_int(0)
        check(lib.gpr_read_dzt(self.ctx, str(self.job.dzt).encode(), out, max_traces, ctypes.byref(n)), "gpr_read_dzt")
        return out[: n.value]

    def bscans(self, length: int = 1024) -> Iterator[BScan]:
        traces = self.load()
        track = DzgTrack(self.job.dzg)
        for k, start in enumerate(range(0, len(traces), length)):
            yield BScan(k, start, np.ascontiguousarray(traces[start: start + length]), track.at_trace(start))
