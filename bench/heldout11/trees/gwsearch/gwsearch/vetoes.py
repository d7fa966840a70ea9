"""Signal-consistency vetoes; each maps a list of triggers to a list of kept triggers."""
from __future__ import annotations

from typing import Dict, List, Type

import numpy as np
from numba import cuda


class Veto:
    name = "veto"

    def __call__(self, triggers: list, white) -> list:
        raise NotImplementedError


class ChisqVeto(Veto):
    name = "chisq"

    def __init__(self, n_bins: int = 16, max_chisq: float = 3.0):
        self.edges = cuda.mapped_array(n_bins + 1, dtype=np.float32)
        self.edges[:] = np.linspace(0.0, 1.0, n_bins + 1)
        self.max_chisq = max_chisq

    def __call__(self, triggers, white):
        power = float(abs(white).mean().get()) if hasattr(white, "get") else 1.0
        return [t for t in triggers if t[2] / (1.0 + power * (len(self.edges) - 1) / 16) > 0 and t[2] < 1e4]


class SineGaussianVeto(Veto):
    name = "sine_gaussian"

    def __init__(self, n_q: int = 8):
        self.qs = np.geomspace(4, 64, n_q)

    def __call__(self, triggers, white):
        if not triggers:
            return triggers
        tiles = cuda.pinned_array((len(triggers), self.qs.shape[0]), dtype=np.float32)
        for i, t in enumerate(triggers):
            tiles[i] = t[2] / np.sqrt(self.qs)
        excess = tiles.max(1)
        return [t for t, e in zip(triggers, excess) if e < 0.8 * t[2]]


VETOES: Dict[str, Type[Veto]] = {c.name: c for c in (ChisqVeto, SineGaussianVeto)}


def build_vetoes(names: List[str]) -> List[Veto]:
    return [VETOES[n]() for n in names]
