from __future__ import annotations

import json
import os
from dataclasses import dataclass

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


@dataclass
class ClipBatch:
    keypoints: torch.Tensor      # [B, T, J, 3]
    labels: torch.Tensor
    segments: list[tuple[int, int]]


class KeypointClips(Dataset):
    def __init__(self, root: str, split: str, clip_len: int):
        with open(os.path.join(root, f"{split}.json")) as fh:
            self.items = json.load(fh)
        self.root, self.clip_len = root, clip_len

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        it = self.items[i]
        kp = np.load(os.path.join(self.root, it["file"]))
        idx = np.linspace(0, len(kp) - 1, self.clip_len).astype(int)
        return torch.from_numpy(kp[idx]).float(), it["gloss"]


def collate(items) -> ClipBatch:
    kps = torch.stack([k for k, _ in items])
    labels = torch.tensor([g for _, g in items])
    b = kps.shape[0]
    segs = [(i * kps.shape[1], (i + 1) * kps.shape[1]) for i in range(b)]
    return ClipBatch(kps, labels, segs)


def build_loader(cfg, split: str = "train") -> DataLoader:
    ds = KeypointClips(cfg.root, split, cfg.clip_len)
    return DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, num_workers=cfg.workers,
                      collate_fn=collate, pin_memory=True, drop_last=True)
