from __future__ import annotations

import h5py
import hdf5plugin  # noqa: F401  (bitshuffle/LZ4 filters)
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info

_DECOMP = None


def _worker_init(worker_id: int):
    global _DECOMP
    info = get_worker_info()
    ds = info.dataset
    ds.file = h5py.File(ds.path, "r")
    _DECOMP = torch.empty(ds.shape, dtype=torch.float32, pin_memory=True)


class DiffractionDataset(Dataset):
    def __init__(self, path: str):
        self.path = path
        with h5py.File(path, "r") as f:
            self.n = f["entry/data/data"].shape[0]
            self.shape = tuple(f["entry/data/data"].shape[1:])
            self.positions = f["entry/positions"][...].astype(np.float32)
        self.file = None

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if self.file is None:
            self.file = h5py.File(self.path, "r")
        raw = self.file["entry/data/data"][i]
        amp = torch.from_numpy(np.sqrt(np.maximum(raw, 0)).astype(np.float32))
        return i, amp.pin_memory()


def make_loader(ds: DiffractionDataset, batch_size: int, workers: int, pin_memory: bool) -> DataLoader:
    return DataLoader(ds, batch_size=batch_size, shuffle=True, num_workers=workers, pin_memory=pin_memory,
                      worker_init_fn=_worker_init, persistent_workers=workers > 0)
