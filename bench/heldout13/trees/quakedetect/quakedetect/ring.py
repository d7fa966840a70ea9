from __future__ import annotations

import numpy as np
import torch


class StationRing:
    """The last `seconds` of a three-component station, kept page-locked for the detector's uploads."""

    def __init__(self, n_chan: int, seconds: int, rate: int):
        self.n = seconds * rate
        self.buf = torch.zeros((n_chan, self.n), dtype=torch.float32).pin_memory()
        self.head = 0

    def push(self, chan: int, samples: np.ndarray) -> None:
        k = samples.size
        idx = (self.head + np.arange(k)) % self.n
        self.buf[chan, torch.from_numpy(idx)] = torch.from_numpy(samples.astype(np.float32))
        if chan == self.buf.shape[0] - 1:
            self.head = (self.head + k) % self.n

    def latest(self, n: int) -> np.ndarray:
        idx = (self.head - n + np.arange(n)) % self.n
        return self.buf[:, torch.from_numpy(idx)].numpy()
