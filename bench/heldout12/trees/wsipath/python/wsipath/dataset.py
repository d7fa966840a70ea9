from __future__ import annotations

import numpy as np
import torch
from torch.utils.data import Dataset

from . import native


class SlideTiles(Dataset):
    """Tiles of one slide at level 0, stain-normalised by the native engine."""

    def __init__(self, engine: int, slide: int, coords: list[tuple[int, int]], tile: int):
        self.engine, self.slide, self.coords, self.tile = engine, slide, coords, tile

    def __len__(self) -> int:
        return len(self.coords)

    def __getitem__(self, i: int) -> torch.Tensor:
        x, y = self.coords[i]
        rgb = np.empty((self.tile, self.tile, 3), dtype=np.uint8)
        native.read_tile(self.engine, self.slide, 0, x, y, rgb)
        out = np.empty_like(rgb)
        native.normalize(self.engine, rgb, out)
        return torch.from_numpy(out).permute(2, 0, 1).float().div_(255.0)


def tile_grid(slide: int, tile: int, stride: int) -> list[tuple[int, int]]:
    w, h = native.level_dims(slide, 0)
    return [(x, y) for y in range(0, h - tile + 1, stride) for x in range(0, w - tile + 1, stride)]
