"""C-MAPSS run-to-failure data: per-engine series, windowing collate, loaders."""
from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

from . import ops
from .config import DataConfig

_SETTING_COLS = (2, 3, 4)


class CycleDataset(Dataset):
    """One item per engine unit: its operating settings and selected sensors per cycle."""

    def __init__(self, cfg: DataConfig, split: str = "train"):
        path = Path(cfg.root) / f"{split}_{cfg.subset}.txt"
        table = np.loadtxt(path, dtype=np.float32)
        cols = list(_SETTING_COLS) + [4 + s for s in cfg.sensors]
        self.max_rul = cfg.max_rul
        self.units: list[np.ndarray] = []
        for unit in np.unique(table[:, 0]).astype(int):
            rows = table[table[:, 0] == unit]
            self.units.append(np.ascontiguousarray(rows[:, cols]))
        if split == "test":
            rul = np.loadtxt(Path(cfg.root) / f"RUL_{cfg.subset}.txt", dtype=np.float32)
            self.end_rul = rul.reshape(-1)
        else:
            self.end_rul = np.zeros(len(self.units), dtype=np.float32)

    def __len__(self) -> int:
        return len(self.units)

    def __getitem__(self, i: int) -> dict:
        series = self.units[i]
        t = series.shape[0]
        rul = np.minimum(self.end_rul[i] + np.arange(t - 1, -1, -1, dtype=np.float32), self.max_rul)
        return {"series": torch.from_numpy(series), "rul": torch.from_numpy(rul), "unit": i}

    def all_settings(self) -> torch.Tensor:
        return torch.from_numpy(np.concatenate([u[:, :3] for u in self.units]))


def collate_windows(items: list[dict], window: int, stride: int) -> dict:
    lengths = torch.tensor([it["series"].shape[0] for it in items], dtype=torch.int64)
    t_max = int(lengths.max())
    width = items[0]["series"].shape[1]
    series = torch.zeros(len(items), t_max, width + 1)
    for i, it in enumerate(items):
        n = it["series"].shape[0]
        series[i, :n, :width] = it["series"]
        series[i, :n, width] = it["rul"]
    windows = ops.sliding_windows(series, lengths, window, stride)
    return {
        "x": windows[..., 3:width],
        "settings": windows[:, -1, :3],
        "rul": windows[:, -1, width],
    }


def make_collate(cfg: DataConfig):
    return functools.partial(collate_windows, window=cfg.window, stride=cfg.stride)


def build_train_loader(ds: CycleDataset, cfg: DataConfig) -> DataLoader:
    return DataLoader(
        ds,
        batch_size=cfg.batch_size,
        shuffle=True,
        num_workers=cfg.workers,
        collate_fn=make_collate(cfg),
        pin_memory=True,
        persistent_workers=cfg.workers > 0,
        drop_last=True,
    )
