from __future__ import annotations

import torch
from torch import nn


class ParamOffloader:
    """Parks a model's parameters in pinned host memory while the GPU is lent elsewhere."""

    def __init__(self):
        self._host: dict[str, torch.Tensor] = {}

    def offload(self, model: nn.Module) -> None:
        for name, p in model.named_parameters():
            if name not in self._host:
                self._host[name] = torch.empty(p.shape, dtype=p.dtype, pin_memory=True)
            self._host[name].copy_(p.data, non_blocking=True)
        torch.cuda.synchronize()
        for p in model.parameters():
            p.data = torch.empty(0, dtype=p.dtype, device=p.device)

    def reload(self, model: nn.Module, device: str = "cuda") -> None:
        for name, p in model.named_parameters():
            p.data = self._host[name].to(device, non_blocking=True)
        torch.cuda.synchronize()
        self._host.clear()


class FrozenBackboneCache:
    """Host copies of the backbone as first seen, to measure how far fine-tuning moves it."""

    def __init__(self):
        self._host: dict[str, torch.Tensor] = {}

    def get(self, name: str, p: torch.Tensor) -> torch.Tensor:
        if name not in self._host:
            self._host[name] = p.detach().to("cpu").pin_memory()
        return self._host[name]
