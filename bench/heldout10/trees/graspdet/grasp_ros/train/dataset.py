from __future__ import annotations

from pathlib import Path

import numpy as np
import tifffile
import torch
from torch.utils.data import Dataset


class JacquardGrasps(Dataset):
    """Depth crops with rendered quality / angle / width targets."""

    def __init__(self, root: str, crop: int = 300) -> None:
        self.files = sorted(Path(root).rglob("*_perfect_depth.tiff"))
        self.crop = crop

    def __len__(self) -> int:
        return len(self.files)

    def __getitem__(self, i: int):
        depth = tifffile.imread(self.files[i]).astype(np.float32)
        grasps = np.loadtxt(str(self.files[i]).replace("_perfect_depth.tiff", "_grasps.txt"), delimiter=";", ndmin=2)
        q = np.zeros((self.crop, self.crop), dtype=np.float32)
        ang = np.zeros_like(q)
        w = np.zeros_like(q)
        for x, y, a, _, width in grasps:
            r, c = int(y) % self.crop, int(x) % self.crop
            q[max(r - 2, 0) : r + 3, max(c - 2, 0) : c + 3] = 1.0
            ang[r, c] = np.deg2rad(a)
            w[r, c] = width / 150.0
        d = depth[: self.crop, : self.crop]
        x = torch.from_numpy(np.clip(d - d.mean(), -1, 1))[None]
        y = torch.from_numpy(np.stack([q, np.cos(2 * ang), np.sin(2 * ang), w]))
        return x, y


def collate_grasps(batch):
    xs, ys = zip(*batch)
    return torch.stack(xs), torch.stack(ys)
