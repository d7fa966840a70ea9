from __future__ import annotations

import json
import logging
from pathlib import Path

import cv2
import numpy as np

from .config import VolumeSpec
from .sections import SectionCache, tile_buffer

log = logging.getLogger(__name__)


def detect_seeds(img: np.ndarray, tile_px: int, max_seeds: int = 256) -> np.ndarray:
    """Membrane-distance maxima as flood-filling seeds, tile by tile."""
    seeds = []
    for ty in range(0, img.shape[0] - tile_px + 1, tile_px):
        for tx in range(0, img.shape[1] - tile_px + 1, tile_px):
            scratch = tile_buffer(tile_px, tile_px).createMatHeader()
            tile = img[ty: ty + tile_px, tx: tx + tile_px]
            _, membranes = cv2.threshold(tile, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
            cv2.distanceTransform(membranes, cv2.DIST_L2, 5, dst=scratch)
            y, x = np.unravel_index(np.argmax(scratch), scratch.shape)
            seeds.append((ty + y, tx + x))
    return np.asarray(seeds[:max_seeds], dtype=np.int32).reshape(-1, 2)


class Aligner:
    def __init__(self, spec: VolumeSpec, stager):
        self.spec = spec
        self.stager = stager
        self.cache = SectionCache()
        self.offsets: list[tuple[float, float]] = []

    def run(self) -> None:
        paths = sorted(Path(self.spec.sections).glob("*.png"))
        self.spec.out.mkdir(parents=True, exist_ok=True)
        flat = self.stager.flatfield(self.spec.tile_px)
        for z, path in enumerate(paths):
            img = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
            if img is None:
                raise FileNotFoundError(path)
            dy, dx = self.stager.align(img)
            self.offsets.append((float(dy), float(dx)))
            sec = self.cache.load(path, img)
            seeds = detect_seeds(sec.view, self.spec.tile_px)
            crops = self.stager.crops(img, seeds, self.spec.fov)
            np.savez_compressed(self.spec.out / f"seeds_{z:05d}.npz", seeds=seeds, crops=np.stack(crops) if crops else np.zeros((0, 0, 0)))
            preview = self.stager.downsample(img, self.spec.preview_factor)
            cv2.imwrite(str(self.spec.out / f"preview_{z:05d}.png"), preview)
            if z % 100 == 0:
                log.info("%s: section %d/%d, %d cached, flat-field mean %.3f", self.spec.name, z, len(paths), len(self.cache), float(np.mean(flat)))
        (self.spec.out / "offsets.json").write_text(json.dumps(self.offsets))
