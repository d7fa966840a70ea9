"""Calibration data: random windows from a pre-tokenised corpus."""
from __future__ import annotations

import numpy as np
import torch
from torch.utils.data import DataLoader, IterableDataset, get_worker_info

from quantcal.config import CalibConfig


class PackedTextStream(IterableDataset):
    def __init__(self, token_file: str, seq_len: int, n_samples: int, seed: int = 0) -> None:
        self.token_file = token_file
        self.seq_len = seq_len
        self.n_samples = n_samples
        self.seed = seed

    def __iter__(self):
        info = get_worker_info()
        wid, nw = (info.id, info.num_workers) if info is not None else (0, 1)
        tokens = np.memmap(self.token_file, dtype=np.uint32, mode="r")
        rng = np.random.default_rng(self.seed + wid)
        window = torch.empty(self.seq_len, dtype=torch.long, pin_memory=True)
        for _ in range(wid, self.n_samples, nw):
            start = int(rng.integers(0, len(tokens) - self.seq_len))
            window.copy_(torch.from_numpy(tokens[start : start + self.seq_len].astype(np.int64)))
            yield {"input_ids": window.clone()}


def build_calib_loader(cfg: CalibConfig) -> DataLoader:
    ds = PackedTextStream(cfg.token_file, cfg.seq_len, cfg.n_samples)
    return DataLoader(
        ds,
        batch_size=cfg.batch_size,
        num_workers=cfg.num_workers,
        pin_memory=cfg.pin_memory,
    )


def load_calib_cache(path: str) -> torch.Tensor:
    """Pre-tokenised calibration set cached by an earlier run, uploaded straight to the GPU."""
    return torch.ops.quantcal.load_calib_cache(path)
