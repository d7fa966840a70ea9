from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from torch.utils.data import Dataset

GOES_CLASSES = {"A": 0, "B": 0, "C": 0, "M": 1, "X": 1}


class SharpPatchDataset(Dataset):
    """One sample per (HARP number, T_REC) row of the index; label = M/X flare within 24 h."""

    def __init__(self, index: Path, root: Path, split: str):
        df = pd.read_csv(index, parse_dates=["t_rec"])
        self.rows = df[df["split"] == split].reset_index(drop=True)
        self.root = Path(root)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i: int) -> dict:
        r = self.rows.iloc[i]
        with np.load(self.root / f"{r.harpnum:05d}" / f"{r.t_rec:%Y%m%d_%H%M}.npz") as z:
            patch = np.stack([z["Br"], z["Bt"], z["Bp"]]).astype(np.float32)
        np.nan_to_num(patch, copy=False)
        flare = str(r.max_class_24h or "A")[:1]
        return {"patch": torch.from_numpy(patch), "y": float(GOES_CLASSES.get(flare, 0)), "harpnum": int(r.harpnum)}


def collate_patches(batch: list[dict], size: int) -> dict:
    x = torch.ops.flarecast.patch_stack([b["patch"] for b in batch], size)
    y = torch.tensor([b["y"] for b in batch], dtype=torch.float32)
    return {"x": x, "y": y, "harpnum": [b["harpnum"] for b in batch]}


def make_collate(size: int):
    return functools.partial(collate_patches, size=size)
