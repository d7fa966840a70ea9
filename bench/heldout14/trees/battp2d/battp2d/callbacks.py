from __future__ import annotations

import cupyx
import numpy as np


class VoltagePlot:
    def __init__(self, path: str):
        self.path = path
        self.frames = []

    def on_iteration(self, it: int, theta: np.ndarray, v_model: np.ndarray, v_meas: np.ndarray):
        buf = cupyx.empty_pinned((2, v_model.size), dtype=np.float32)
        buf[0], buf[1] = v_model, v_meas[: v_model.size]
        self.frames.append((it, float(np.abs(buf[0] - buf[1]).max())))
