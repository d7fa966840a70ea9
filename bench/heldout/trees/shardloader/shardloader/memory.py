"""Host memory helpers shared by the collators, the shard reader and the trainer.

All helpers return CPU tensors in page-locked memory so that ``.cuda(non_blocking=True)``
can overlap with compute.
"""

from __future__ import annotations

import logging
from typing import Sequence

import torch

log = logging.getLogger(__name__)


def alloc_pinned(shape: Sequence[int] | int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    """Return an uninitialised page-locked CPU tensor of ``shape``."""
    if isinstance(shape, int):
        shape = (shape,)
    return torch.empty(tuple(shape), dtype=dtype, pin_memory=True)


def cuda_malloc_host(nbytes: int) -> torch.Tensor:
    """Allocate ``nbytes`` of page-locked host memory, viewed as bytes."""
    if nbytes <= 0:
        raise ValueError(f"cuda_malloc_host: nbytes must be positive, got {nbytes}")
    return alloc_pinned(nbytes, dtype=torch.uint8)


class HostStaging:
    """A byte buffer in pinned memory that only ever grows.

    Collators ask for ``reserve(n)`` every batch; the buffer is reallocated only when a
    batch is larger than every batch seen before, so after warm-up no allocation happens.
    """

    def __init__(self, initial: int = 0) -> None:
        self.cap = 0
        self.buf: torch.Tensor | None = None
        if initial:
            self.reserve(initial)

    def reserve(self, need: int) -> torch.Tensor:
        if self.cap < need:
            new_cap = max(need, int(self.cap * 1.5))
            log.debug("HostStaging: growing %d -> %d bytes", self.cap, new_cap)
            self.buf = torch.empty(new_cap, dtype=torch.uint8, pin_memory=True)
            self.cap = new_cap
        return self.buf[:need]

    def view(self, need: int, dtype: torch.dtype, shape: Sequence[int]) -> torch.Tensor:
        return self.reserve(need).view(dtype).view(*shape)
