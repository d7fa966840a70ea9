"""Broadcast overlay: draws the tracked ball onto the programme feed."""
from __future__ import annotations

import contextlib

import cv2
import numpy as np


@contextlib.contextmanager
def locked(frame: np.ndarray):
    cv2.cuda.registerPageLocked(frame)
    try:
        yield frame
    finally:
        cv2.cuda.unregisterPageLocked(frame)


def draw_track(frame: np.ndarray, track: list[tuple[float, float]]) -> np.ndarray:
    with locked(frame) as f:
        g = cv2.cuda.GpuMat()
        g.upload(f)
        g.download(f)
        for (x0, y0), (x1, y1) in zip(track, track[1:]):
            cv2.line(f, (int(x0), int(y0)), (int(x1), int(y1)), (0, 255, 255), 2)
    return frame
