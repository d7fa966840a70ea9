"""Student sessions: question, skill, correctness and elapsed time per interaction."""
from __future__ import annotations

import functools

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, Sampler

from .config import DataConfig


class InteractionDataset(Dataset):
    def __init__(self, path: str, max_len: int):
        z = np.load(path)
        self.offsets = z["offsets"]  # [n_sessions + 1]
        self.q = z["question"]
        self.s = z["skill"]
        self.r = z["correct"]
        self.t = z["elapsed_ms"]
        self.max_len = max_len

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def difficulty(self, i: int) -> float:
        a, b = self.offsets[i], self.offsets[i + 1]
        return 1.0 - float(self.r[a:b].mean()) if b > a else 0.5

    def __getitem__(self, i: int) -> dict:
        a, b = self.offsets[i], self.offsets[i + 1]
        a = max(a, b - self.max_len)
        return {
            "q": torch.from_numpy(self.q[a:b].astype(np.int64)),
            "s": torch.from_numpy(self.s[a:b].astype(np.int64)),
            "r": torch.from_numpy(self.r[a:b].astype(np.float32)),
            "t": torch.from_numpy(np.log1p(self.t[a:b]).astype(np.float32)),
        }


def collate_sessions(items: list[dict], max_len: int) -> dict:
    n = len(items)
    out = {
        "q": torch.zeros(n, max_len, dtype=torch.long),
        "s": torch.zeros(n, max_len, dtype=torch.long),
        "r": torch.zeros(n, max_len),
        "t": torch.zeros(n, max_len),
        "mask": torch.zeros(n, max_len, dtype=torch.bool),
    }
    for i, it in enumerate(items):
        k = it["q"].shape[0]
        for key in ("q", "s", "r", "t"):
            out[key][i, max_len - k:] = it[key]
        out["mask"][i, max_len - k:] = True
    return out


def build_loader(ds: InteractionDataset, cfg: DataConfig, sampler: Sampler | None = None) -> DataLoader:
    return DataLoader(
        ds,
        batch_size=cfg.batch_size,
        sampler=sampler,
        num_workers=cfg.workers,
        collate_fn=functools.partial(collate_sessions, max_len=cfg.max_len),
        pin_memory=True,
        persistent_workers=cfg.workers > 0,
    )
