from __future__ import annotations

import numpy as np
import torch
from torch.utils.data import Dataset

from . import features

CLASSES = ("soma", "dendrite", "neuropil")


class RoiPatches(Dataset):
    """Labelled ROI patches from one or more sessions (.npz with mean, centroids, labels)."""

    def __init__(self, files, size: int = 32):
        self.items = []
        self.size = size
        for f in files:
            d = np.load(f)
            for c, lab in zip(d["centroids"], d["labels"]):
                self.items.append((d["mean"], tuple(c), int(lab)))

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, idx: int):
        mean, centroid, label = self.items[idx]
        x = features.crop_patch(mean, centroid, self.size)
        return x[None], torch.tensor(label)
