"""Host staging buffers for pairing maps."""
from __future__ import annotations

import torch


def _pinned(shape: tuple[int, ...], dtype: torch.dtype = torch.float32) -> torch.Tensor:
    return torch.empty(shape, dtype=dtype, pin_memory=True)


def pair_buffer(length: int) -> torch.Tensor:
    """(L, L) float32 host buffer for a pairing-potential map, ready for a non_blocking copy."""
    return _pinned((length, length))
