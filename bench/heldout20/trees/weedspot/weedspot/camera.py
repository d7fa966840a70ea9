from __future__ import annotations

from typing import Iterator

import cv2
import numpy as np


def frames(source: str, ring) -> Iterator[np.ndarray]:
    """Decode frames from a camera URL into the capture ring's slots (no per-frame allocation)."""
    cap = cv2.VideoCapture(source, cv2.CAP_FFMPEG)
    if not cap.isOpened():
        raise IOError(f"cannot open {source}")
    try:
        while True:
            slot = ring.next()
            ok = cap.read(slot)[0]
            if not ok:
                return
            yield slot
    finally:
        cap.release()
