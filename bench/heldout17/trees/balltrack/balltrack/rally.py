"""Fits a bounce point to one rally's 3-D track."""
from __future__ import annotations

import cv2
import numpy as np


class RallyFit:
    def __init__(self, track: np.ndarray):
        self.n = len(track)
        self.buf = cv2.cuda.HostMem(max(self.n, 1), 3, cv2.CV_64FC1)
        self.buf.createMatHeader()[: self.n] = track

    def bounce(self) -> tuple[float, float]:
        pts = self.buf.createMatHeader()[: self.n]
        k = int(np.argmin(pts[:, 2]))
        return float(pts[k, 0]), float(pts[k, 1])

    def call(self, line_x: float, tolerance_mm: float = 3.0) -> str:
        x, _ = self.bounce()
        return "IN" if x <= line_x + tolerance_mm / 1000.0 else "OUT"
