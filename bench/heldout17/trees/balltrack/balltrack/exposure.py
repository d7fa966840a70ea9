"""Measures scene brightness once at start-up to set the cameras' exposure."""
from __future__ import annotations

import cv2
import numpy as np


def measure_exposure(frames: list[np.ndarray]) -> float:
    stack = np.ascontiguousarray(np.stack(frames))
    cv2.cuda.registerPageLocked(stack)
    try:
        g = cv2.cuda.GpuMat()
        g.upload(stack.reshape(-1, stack.shape[-1]))
        return float(cv2.cuda.sum(g)[0]) / stack.size
    finally:
        cv2.cuda.unregisterPageLocked(stack)
