from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np


@dataclass
class SectionBuffer:
    """A section image in page-locked memory plus its numpy view."""

    mem: "cv2.cuda.HostMem"
    view: np.ndarray
    path: Path


class SectionCache:
    """Keeps the contrast-equalised copy of each section for the seed pass and the z-refinement
    pass that revisits neighbouring sections."""

    def __init__(self):
        self._cache: dict[str, SectionBuffer] = {}
        self._clahe = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(16, 16))

    def load(self, path: Path, img: np.ndarray) -> SectionBuffer:
        name = Path(path).name
        if name not in self._cache:
            mem = cv2.cuda.HostMem(img.shape[0], img.shape[1], cv2.CV_8UC1)
            view = mem.createMatHeader()
            self._clahe.apply(img, dst=view)
            self._cache[name] = SectionBuffer(mem, view, Path(path))
        return self._cache[name]

    def __len__(self) -> int:
        return len(self._cache)


@functools.lru_cache(maxsize=4)
def tile_buffer(h: int, w: int) -> "cv2.cuda.HostMem":
    """Page-locked scratch of one tile shape, shared by the seed detector."""
    return cv2.cuda.HostMem(h, w, cv2.CV_32FC1)
