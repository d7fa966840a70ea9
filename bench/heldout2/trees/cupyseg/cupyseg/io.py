"""Tile iteration over whole-slide images (OpenSlide)."""
from __future__ import annotations

import cupyx
import numpy as np
import openslide

TILE = 512
_BLANK = cupyx.zeros_pinned((TILE, TILE, 3), dtype=np.uint8)


def iter_tiles(path: str, level: int = 0, batch: int = 16):
    slide = openslide.OpenSlide(path)
    w, h = slide.level_dimensions[level]
    coords = [(x, y) for y in range(0, h, TILE) for x in range(0, w, TILE)]
    for i in range(0, len(coords), batch):
        tiles = []
        for x, y in coords[i : i + batch]:
            region = np.asarray(slide.read_region((x, y), level, (TILE, TILE)).convert("RGB"))
            tiles.append(region if region.shape[:2] == (TILE, TILE) else _BLANK)
        yield coords[i : i + batch], np.stack(tiles)
    slide.close()
