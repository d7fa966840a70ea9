import os

import numpy as np
import torch
from torch.utils.data import Dataset


class RadarSequenceDataset(Dataset):
    """Sliding windows of dBZ composites stored as one .npy per 5-minute scan."""

    def __init__(self, root, in_frames, out_frames, split="train"):
        self.root = os.path.join(root, split)
        self.files = sorted(f for f in os.listdir(self.root) if f.endswith(".npy"))
        self.in_frames = in_frames
        self.out_frames = out_frames

    def __len__(self):
        return max(0, len(self.files) - self.in_frames - self.out_frames)

    def _load(self, i):
        arr = np.load(os.path.join(self.root, self.files[i]), mmap_mode="r")
        return np.clip(arr, 0.0, 70.0) / 70.0

    def __getitem__(self, idx):
        n = self.in_frames + self.out_frames
        seq = np.stack([self._load(idx + k) for k in range(n)])
        return {"x": seq[: self.in_frames], "y": seq[self.in_frames:], "t0": idx}


def stack_frames(samples):
    """collate_fn: stack the windows of one batch into a single page-locked block."""
    b = len(samples)
    t_in, h, w = samples[0]["x"].shape
    t_out = samples[0]["y"].shape[0]
    block = torch.empty((b, t_in + t_out, 1, h, w), dtype=torch.float32, pin_memory=True)
    for i, s in enumerate(samples):
        block[i, :t_in, 0].copy_(torch.from_numpy(np.ascontiguousarray(s["x"])))
        block[i, t_in:, 0].copy_(torch.from_numpy(np.ascontiguousarray(s["y"])))
    return {"x": block[:, :t_in], "y": block[:, t_in:],
            "t0": torch.tensor([s["t0"] for s in samples])}


def iter_sequences(ds, start=0, stop=None):
    """Yield windows one by one through a single host block (used by the exporters)."""
    stop = len(ds) if stop is None else stop
    n = ds.in_frames + ds.out_frames
    h, w = ds._load(0).shape
    host = torch.empty((n, h, w), dtype=torch.float32).pin_memory()
    for idx in range(start, stop):
        item = ds[idx]
        host[: ds.in_frames].copy_(torch.from_numpy(np.ascontiguousarray(item["x"])))
        host[ds.in_frames:].copy_(torch.from_numpy(np.ascontiguousarray(item["y"])))
        yield idx, host
