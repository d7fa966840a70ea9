import glob
import os

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class ClipDataset(Dataset):
    """Short pre-decoded clips used for offline evaluation."""

    def __init__(self, root, clip_len=16):
        self.files = sorted(glob.glob(os.path.join(root, "*.npy")))
        self.clip_len = clip_len

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        arr = np.load(self.files[i], mmap_mode="r")[: self.clip_len]
        return torch.from_numpy(np.ascontiguousarray(arr))


def make_clip_loader(root, batch_size=2, workers=4):
    return DataLoader(ClipDataset(root), batch_size=batch_size, num_workers=workers,
                      pin_memory=True, shuffle=False, drop_last=False)
