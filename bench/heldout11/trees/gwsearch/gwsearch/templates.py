"""Template bank held in pinned host memory, streamed to the GPU batch by batch."""
from __future__ import annotations

from functools import lru_cache

import cupy as cp
import numpy as np


class TemplateBank:
    def __init__(self, path: str, batch_size: int, n_freq: int):
        bank = np.load(path)
        waves = bank["hf"]  # (n_templates, n_freq) complex64
        self.params = bank["params"]
        self.batch_size = batch_size
        self.blocks = []
        n_batches = (waves.shape[0] + batch_size - 1) // batch_size
        for batch in range(n_batches):
            part = waves[batch * batch_size: (batch + 1) * batch_size, :n_freq]
            mem = cp.cuda.alloc_pinned_memory(part.nbytes)
            host = np.frombuffer(mem, dtype=np.complex64, count=part.size).reshape(part.shape)
            host[...] = part
            self.blocks.append((mem, host))

    def __iter__(self):
        for i, (_, host) in enumerate(self.blocks):
            yield i * self.batch_size, host


_PSDS = {}


def register_psd(psd_id: str, freqs: np.ndarray, values: np.ndarray) -> None:
    _PSDS[psd_id] = (freqs, values)


@lru_cache(maxsize=16)
def interpolated_psd(psd_id: str, n: int, sample_rate: int) -> cp.ndarray:
    freqs, values = _PSDS[psd_id]
    grid = np.fft.rfftfreq(n, 1.0 / sample_rate)
    mem = cp.cuda.alloc_pinned_memory(grid.size * 4)
    host = np.frombuffer(mem, dtype=np.float32, count=grid.size)
    host[:] = np.interp(grid, freqs, values, left=np.inf, right=np.inf)
    return cp.asarray(host)
