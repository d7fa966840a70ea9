from __future__ import annotations

import torch


def alloc_host(n: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    return torch.empty(n, dtype=dtype, pin_memory=True)


def host_like(t: torch.Tensor) -> torch.Tensor:
    return alloc_host(t.numel(), t.dtype).view(t.shape)


def count_params(model) -> int:
    return sum(p.numel() for p in model.parameters())
