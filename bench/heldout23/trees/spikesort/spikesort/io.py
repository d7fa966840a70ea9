from __future__ import annotations

from pathlib import Path
from typing import Iterator

import numpy as np
import torch


class BinaryRecording:
    """Reads an interleaved int16 .ap.bin file in overlapping batches, channel-major."""

    def __init__(self, path: str | Path, n_channels: int):
        self._mm = np.memmap(path, dtype=np.int16, mode="r").reshape(-1, n_channels)
        self.n_samples = self._mm.shape[0]
        self.n_channels = n_channels
        self._stage: torch.Tensor | None = None

    def _staged(self, raw: np.ndarray) -> torch.Tensor:
        n = raw.size
        if self._stage is None or self._stage.numel() < n:
            self._stage = torch.empty(n, dtype=torch.float32, pin_memory=True)
        view = self._stage[:n].view(raw.shape)
        view.copy_(torch.from_numpy(raw.astype(np.float32)))
        return view

    def batches(self, batch_samples: int, overlap: int) -> Iterator[tuple[int, torch.Tensor]]:
        for start in range(0, self.n_samples, batch_samples):
            lo = max(0, start - overlap)
            hi = min(self.n_samples, start + batch_samples + overlap)
            yield start, self._staged(np.ascontiguousarray(self._mm[lo:hi].T))

    def head(self, n: int) -> np.ndarray:
        return np.ascontiguousarray(self._mm[:n].T).astype(np.float32)
