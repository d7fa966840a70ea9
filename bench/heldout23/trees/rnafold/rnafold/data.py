from __future__ import annotations

import json
from pathlib import Path

import torch
from torch.utils.data import Dataset

from .features import Featurizer


class RnaDataset(Dataset):
    """bpRNA-style JSONL: {"id", "seq", "pairs": [[i, j], ...], "msa": optional .npy path}."""

    def __init__(self, path: str | Path, featurizer: Featurizer, max_len: int):
        self.items = []
        with open(path) as fh:
            for line in fh:
                rec = json.loads(line)
                if len(rec["seq"]) <= max_len:
                    self.items.append(rec)
        self.featurizer = featurizer

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> dict:
        rec = self.items[i]
        feats = self.featurizer.encode(rec["seq"], rec.get("msa"))
        L = len(rec["seq"])
        target = torch.zeros(L, L)
        for a, b in rec["pairs"]:
            target[a, b] = target[b, a] = 1.0
        return {**feats, "target": target, "id": rec["id"]}


def collate(batch: list[dict]) -> dict:
    L = max(b["onehot"].shape[0] for b in batch)
    out = {
        "onehot": torch.zeros(len(batch), L, 4),
        "potential": torch.zeros(len(batch), L, L),
        "target": torch.zeros(len(batch), L, L),
        "mask": torch.zeros(len(batch), L, dtype=torch.bool),
        "ids": [b["id"] for b in batch],
    }
    for k, b in enumerate(batch):
        n = b["onehot"].shape[0]
        out["onehot"][k, :n] = b["onehot"]
        out["potential"][k, :n, :n] = b["potential"]
        out["target"][k, :n, :n] = b["target"]
        out["mask"][k, :n] = True
    return out
