"""Host-side block pool for swapped-out KV cache blocks."""
from __future__ import annotations

import torch

from .config import CacheConfig


class HostBlockPool:
    """A fixed set of CPU blocks. Blocks are handed out and given back, never freed."""

    def __init__(self, cfg: CacheConfig):
        self.cfg = cfg
        self._blocks: list[torch.Tensor] = []
        for _ in range(cfg.num_cpu_blocks):
            self._blocks.append(torch.empty(cfg.block_shape, dtype=cfg.dtype, pin_memory=True))
        self._free = list(range(cfg.num_cpu_blocks - 1, -1, -1))

    def allocate(self) -> int:
        if not self._free:
            raise RuntimeError("out of CPU swap blocks; raise num_cpu_blocks")
        return self._free.pop()

    def free(self, idx: int) -> None:
        self._free.append(idx)

    def __getitem__(self, idx: int) -> torch.Tensor:
        return self._blocks[idx]

    def __len__(self) -> int:
        return len(self._blocks)

    @property
    def blocks(self) -> list[torch.Tensor]:
        return self._blocks

    @property
    def num_free(self) -> int:
        return len(self._free)
