from __future__ import annotations

from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset

from .edf import map_signal


def load_hypnogram(path: Path) -> np.ndarray:
    """One stage per 30-s epoch, 0..4 (W, N1, N2, N3, REM); -1 for movement/unscored."""
    return np.loadtxt(path, dtype=np.int64)


class PSGDataset(Dataset):
    """Context windows of 2*context+1 epochs centred on each scored epoch."""

    def __init__(self, list_file: str, channels: list[str], context: int = 5, fs: int = 100):
        self.context = context
        self.fs = fs
        root = Path(list_file).parent
        recordings = [line.split() for line in Path(list_file).read_text().splitlines() if line.strip()]
        self.subjects = [int(sid) for sid, _, _ in recordings]
        self.signals = [map_signal(str(root / edf), channels) for _, edf, _ in recordings]
        self.labels = [load_hypnogram(root / hyp) for _, _, hyp in recordings]
        self.index = [
            (r, e)
            for r, (sig, lab) in enumerate(zip(self.signals, self.labels))
            for e in range(context, min(sig.n_epochs, len(lab)) - context)
            if lab[e] >= 0
        ]

    def __len__(self) -> int:
        return len(self.index)

    def __getitem__(self, i: int):
        r, e = self.index[i]
        x = torch.from_numpy(self.signals[r].window(e - self.context, e + self.context + 1, self.fs))
        x = (x - x.mean(-1, keepdim=True)) / (x.std(-1, keepdim=True) + 1e-6)
        return x.pin_memory(), int(self.labels[r][e]), r
