from __future__ import annotations

from typing import Iterator

import cv2
import numpy as np


def frames_from_file(path: str, width: int, height: int) -> Iterator[np.ndarray]:
    """Reads a raw grey recording; one pinned frame buffer serves the whole file."""
    host = cv2.cuda.HostMem(height, width, cv2.CV_8UC1)
    view = host.createMatHeader()
    with open(path, "rb") as fh:
        while fh.readinto(memoryview(view).cast("B")) == width * height:
            yield view.copy()
