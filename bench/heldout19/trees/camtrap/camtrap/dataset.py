from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import torch
from PIL import Image
from torch.utils.data import Dataset


def load_records(path: Path) -> list[dict]:
    with open(path) as fh:
        return [json.loads(line) for line in fh]


class CropDataset(Dataset):
    """Detector crops of camera-trap images; label -1 when not yet annotated."""

    def __init__(self, records: list[dict], root: Path, size: int = 224, train: bool = False):
        self.records = records
        self.root = Path(root)
        self.size = size
        self.train = train

    def __len__(self) -> int:
        return len(self.records)

    def set_label(self, i: int, label: int) -> None:
        self.records[i]["label"] = label

    def __getitem__(self, i: int):
        r = self.records[i]
        img = Image.open(self.root / r["file"]).convert("RGB")
        x0, y0, w, h = r["bbox"]
        W, H = img.size
        crop = img.crop((int(x0 * W), int(y0 * H), int((x0 + w) * W), int((y0 + h) * H)))
        crop = crop.resize((self.size, self.size), Image.BILINEAR)
        x = torch.from_numpy(np.asarray(crop, dtype=np.uint8)).permute(2, 0, 1).contiguous()
        if self.train and random.random() < 0.5:
            x = x.flip(-1)
        label = r.get("label")
        return x.pin_memory(), -1 if label is None else int(label)


class LabelledSubset(Dataset):
    """The labelled part of a CropDataset; `indices` grows after every annotation round."""

    def __init__(self, base: CropDataset, indices: list[int]):
        self.base = base
        self.indices = indices

    def __len__(self) -> int:
        return len(self.indices)

    def __getitem__(self, i: int):
        return self.base[self.indices[i]]
