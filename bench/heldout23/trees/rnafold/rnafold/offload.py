"""Host-resident tables used by the trainer."""
from __future__ import annotations

import torch


class EmbeddingOffloader:
    """Keeps a host copy of the sequence-encoder embeddings for the nearest-neighbour
    structure-template lookup; refreshed after every optimiser step."""

    def __init__(self, module: torch.nn.Module):
        self.module = module
        self._host: torch.Tensor | None = None

    def fetch(self) -> torch.Tensor:
        if self._host is None:
            w = self.module.weight
            self._host = torch.empty(w.shape, dtype=w.dtype, pin_memory=True)
            self._host.copy_(w.detach(), non_blocking=True)
        return self._host

    def after_step(self) -> None:
        # the weights changed: the next fetch must see the new values
        self._host = None


class PriorTable:
    """Log-odds pairing prior by sequence separation, loaded from a .pt file."""

    def __init__(self, max_len: int):
        self.max_len = max_len
        self._src: torch.Tensor | None = None
        self._pinned: torch.Tensor | None = None

    def reload(self, path: str) -> None:
        self._src = torch.load(path, map_location="cpu")[: self.max_len, : self.max_len].float()
        self._pinned = None

    def table(self) -> torch.Tensor:
        if self._pinned is None:
            self._pinned = self._src.contiguous().pin_memory()
        return self._pinned
