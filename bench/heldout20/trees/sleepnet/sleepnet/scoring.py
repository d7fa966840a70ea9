from __future__ import annotations

import numpy as np
import torch

from .edf import parse_edf_bytes


class Scorer:
    """Stages a whole uploaded recording."""

    def __init__(self, model: torch.nn.Module, channels: list[str], context: int = 5, fs: int = 100):
        self.device = torch.device("cuda")
        self.model = model.to(self.device).eval()
        self.channels = channels
        self.context = context
        self.fs = fs

    def _windows(self, raw: bytes) -> np.ndarray:
        hdr, payload = parse_edf_bytes(raw)
        per_record = sum(hdr.samples_per_record)
        recs = payload.reshape(hdr.n_records, per_record)
        starts = np.cumsum([0] + hdr.samples_per_record[:-1])
        sig = np.stack([
            recs[:, starts[i]: starts[i] + hdr.samples_per_record[i]].reshape(-1)
            for i in (hdr.labels.index(c) for c in self.channels)
        ]).astype(np.float32)
        n_epochs = sig.shape[1] // (30 * self.fs)
        span = (2 * self.context + 1) * 30 * self.fs
        starts = [(e - self.context) * 30 * self.fs for e in range(self.context, n_epochs - self.context)]
        return np.stack([sig[:, s:s + span] for s in starts])

    def warmup(self, example: torch.Tensor) -> None:
        with torch.inference_mode():
            self.model(example.to(self.device, non_blocking=True))

    def score(self, raw: bytes) -> list[int]:
        x = torch.from_numpy(self._windows(raw))
        x = (x - x.mean(-1, keepdim=True)) / (x.std(-1, keepdim=True) + 1e-6)
        x = x.pin_memory()
        with torch.inference_mode():
            logits = self.model(x.to(self.device, non_blocking=True))
        return logits.argmax(-1).tolist()
