"""Tile-wise segmentation of whole-slide images with a CuPy model."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from .io import TILE, iter_tiles
from .numba_kernels import tissue_masks
from .pool import PinnedRing, pinned_scratch


class Segmenter:
    def __init__(self, model, slots: int = 4):
        self.model = model
        self.ring = PinnedRing(slots, (TILE, TILE, 3), np.uint8)
        self.header = pinned_scratch(4096)
        self.stream = cp.cuda.Stream(non_blocking=True)

    def __call__(self, tiles: np.ndarray) -> np.ndarray:
        n = tiles.shape[0]
        mask_host = pinned_scratch(n * TILE * TILE).reshape(n, TILE, TILE)
        with self.stream:
            for i, t in enumerate(tiles):
                buf = self.ring.next()
                buf[...] = t
                x = cp.asarray(buf, dtype=cp.float32) / 255.0
                logits = self.model(x[None].transpose(0, 3, 1, 2))
                (logits[0, 1] > logits[0, 0]).astype(cp.uint8).get(out=mask_host[i], stream=self.stream)
            self.stream.synchronize()
        return mask_host.copy()


def stitch(masks_dev, coords, shape):
    canvas = np.zeros(shape, dtype=np.uint8)
    for m, (x, y) in zip(masks_dev, coords):
        h = cupyx.empty_pinned(m.shape, dtype=m.dtype)
        m.get(out=h)
        canvas[y : y + TILE, x : x + TILE] = h[: shape[0] - y, : shape[1] - x]
    return canvas


def segment_slide(path: str, seg: Segmenter, shape, qc: bool = False):
    masks, all_coords = [], []
    for coords, tiles in iter_tiles(path):
        if qc:
            tissue = list(tissue_masks(tiles))
            keep = [i for i, m in enumerate(tissue) if m.mean() > 0.1]
            tiles = tiles[keep]
            coords = [coords[i] for i in keep]
        masks.extend(cp.asarray(m) for m in seg(tiles))
        all_coords.extend(coords)
    return stitch(masks, all_coords, shape)
