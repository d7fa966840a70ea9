from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from . import _poscorr


class PositionRefiner:
    def __init__(self, positions: np.ndarray, step: float = 0.5):
        self.mirror = cupyx.empty_pinned(positions.shape, dtype=np.float32)
        self.mirror[...] = positions
        self.step = step

    def step_once(self, grads: cp.ndarray) -> np.ndarray:
        g = cp.asnumpy(grads).astype(np.float32)
        _poscorr.refine(self.mirror, g, self.step)
        return self.mirror
