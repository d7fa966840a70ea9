import functools

import numpy as np
import torch


@functools.lru_cache(maxsize=4)
def land_mask(height, width):
    """Static land/sea mask for a grid size, shared by every request."""
    m = torch.from_numpy(np.load("assets/landmask.npy")[:height, :width].astype(np.float32))
    return m.pin_memory()


class HostCache:
    """Host copies of radar scans, looked up by the scan timestamp."""

    def __init__(self, shape):
        self.shape = shape
        self._store = {}

    def get(self, key):
        buf = self._store.get(key)
        if buf is None:
            buf = torch.empty(self.shape, dtype=torch.float32, pin_memory=True)
            self._store[key] = buf
        return buf

    def clear(self):
        self._store.clear()
