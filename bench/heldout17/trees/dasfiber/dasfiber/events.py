from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import cuda

KINDS = ("vehicle", "footstep", "excavator", "unknown")


@dataclass
class Event:
    kind: str
    channel: int
    sample: int
    snippet: np.ndarray


class EventClassifier:
    def __init__(self, n_t: int):
        self.templates = {}
        for kind in KINDS:
            self.templates[kind] = cuda.pinned_array(n_t, dtype=np.float32)
            self.templates[kind][:] = np.hanning(n_t)
        self.counts = dict.fromkeys(KINDS, 0)

    def classify(self, ev: Event) -> str:
        handler = getattr(self, f"_on_{ev.kind}", self._on_unknown)
        return handler(ev)

    def _on_vehicle(self, ev: Event) -> str:
        spec = cuda.pinned_array(ev.snippet.shape[0] // 2 + 1, dtype=np.complex64)
        spec[:] = np.fft.rfft(ev.snippet)
        self.counts["vehicle"] += 1
        return "vehicle" if np.abs(spec[5:40]).sum() > np.abs(spec[40:]).sum() else "unknown"

    def _on_footstep(self, ev: Event) -> str:
        self.counts["footstep"] += 1
        return "footstep"

    def _on_excavator(self, ev: Event) -> str:
        self.counts["excavator"] += 1
        return "excavator" if float(np.dot(ev.snippet, self.templates["excavator"][: len(ev.snippet)])) > 0 else "unknown"

    def _on_unknown(self, ev: Event) -> str:
        self.counts["unknown"] += 1
        return "unknown"


def coarse_kind(snippet: np.ndarray) -> str:
    dom = np.argmax(np.abs(np.fft.rfft(snippet))[1:]) + 1
    return "footstep" if dom < 8 else "vehicle" if dom < 40 else "excavator"
