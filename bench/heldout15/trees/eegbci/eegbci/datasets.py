from __future__ import annotations

import numpy as np
import torch
from scipy.signal import butter, sosfiltfilt
from torch.utils.data import Dataset


class EpochsDataset(Dataset):
    """Cue-locked epochs of one subject, filter-banked on the CPU for training."""

    def __init__(self, path: str, bands, fs: int = 250):
        d = np.load(path)
        self.x = d["epochs"].astype(np.float32)  # (n, channels, samples)
        self.y = d["labels"].astype(np.int64)
        self.sos = [butter(4, b, btype="bandpass", fs=fs, output="sos") for b in bands]
        self.subject = str(d.get("subject", path))

    def __len__(self) -> int:
        return len(self.y)

    def __getitem__(self, i: int):
        fb = np.stack([sosfiltfilt(s, self.x[i], axis=-1) for s in self.sos]).astype(np.float32)
        return torch.from_numpy(fb), torch.tensor(self.y[i])
