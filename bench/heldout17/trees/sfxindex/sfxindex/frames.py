from __future__ import annotations

from dataclasses import dataclass

import h5py
import numpy as np
import torch


@dataclass
class FrameView:
    event_id: int
    _raw: np.ndarray

    @property
    def pixels(self) -> np.ndarray:
        return self._raw

    @property
    def pinned(self) -> torch.Tensor:
        """The frame as a page-locked tensor, ready for a non-blocking upload."""
        return torch.as_tensor(self._raw).pin_memory()


class RunSource:
    def __init__(self, path: str, dataset: str = "/entry/data/data"):
        self._fh = h5py.File(path, "r")
        self._ds = self._fh[dataset]

    def __len__(self) -> int:
        return self._ds.shape[0]

    def frames(self):
        for i in range(self._ds.shape[0]):
            yield FrameView(i, np.asarray(self._ds[i], dtype=np.float32).ravel())

    def close(self):
        self._fh.close()
