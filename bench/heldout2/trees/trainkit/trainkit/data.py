"""Token datasets and loaders."""
from __future__ import annotations

import json

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class PackedTokens(Dataset):
    """Fixed-length windows over a flat uint16 token file."""

    def __init__(self, path: str, seq_len: int):
        self.tokens = np.memmap(path, dtype=np.uint16, mode="r")
        self.seq_len = seq_len

    def __len__(self) -> int:
        return (len(self.tokens) - 1) // self.seq_len

    def __getitem__(self, i: int):
        s = i * self.seq_len
        chunk = torch.from_numpy(self.tokens[s : s + self.seq_len + 1].astype(np.int64))
        return chunk[:-1], chunk[1:]


class Documents(Dataset):
    """Pre-tokenized documents, one JSON list of ids per line."""

    def __init__(self, path: str, max_len: int):
        with open(path) as f:
            self.docs = [json.loads(line) for line in f if line.strip()]
        self.max_len = max_len

    def __len__(self) -> int:
        return len(self.docs)

    def __getitem__(self, i: int) -> torch.Tensor:
        return torch.tensor(self.docs[i][: self.max_len + 1], dtype=torch.long)


def pad_collate(batch, pad_id: int = 0):
    longest = max(len(d) for d in batch) - 1
    x = torch.full((len(batch), longest), pad_id, dtype=torch.long, pin_memory=True)
    y = torch.full((len(batch), longest), -100, dtype=torch.long)
    for i, d in enumerate(batch):
        x[i, : len(d) - 1] = d[:-1]
        y[i, : len(d) - 1] = d[1:]
    return x, y


def build_loaders(cfg):
    train = DataLoader(
        PackedTokens(cfg.train_path, cfg.seq_len),
        batch_size=cfg.batch_size,
        shuffle=True,
        num_workers=cfg.workers,
        pin_memory=True,
        drop_last=True,
        persistent_workers=cfg.workers > 0,
    )
    val = DataLoader(
        Documents(cfg.val_path, cfg.seq_len),
        batch_size=cfg.batch_size,
        collate_fn=pad_collate,
        num_workers=2,
    )
    return train, val
