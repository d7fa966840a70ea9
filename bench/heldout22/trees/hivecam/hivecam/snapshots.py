"""Evidence frames and entrance masks in page-locked memory."""
from __future__ import annotations

import functools

import cv2
import numpy as np

_evidence: dict[str, cv2.cuda.HostMem] = {}


def snapshot_for(frame_name: str, frame: np.ndarray) -> cv2.cuda.HostMem:
    """Page-locked copy of a frame with a mite on it, held for the inspectors' upload."""
    hm = _evidence.get(frame_name)
    if hm is None:
        hm = cv2.cuda.HostMem(frame.shape[0], frame.shape[1], cv2.CV_8UC3, cv2.cuda.HostMem_PAGE_LOCKED)
        _evidence[frame_name] = hm
    hm.createMatHeader()[:] = frame
    return hm


def pending() -> dict[str, cv2.cuda.HostMem]:
    return _evidence


@functools.lru_cache(maxsize=8)
def landing_board_mask(width: int, height: int) -> cv2.cuda.HostMem:
    """Mask of the landing board for a camera resolution (the overlay drawn per frame)."""
    hm = cv2.cuda.HostMem(height, width, cv2.CV_8UC1, cv2.cuda.HostMem_PAGE_LOCKED)
    m = hm.createMatHeader()
    m[:] = 0
    cv2.rectangle(m, (width // 8, height // 2), (7 * width // 8, 5 * height // 6), 255, -1)
    return hm
