from __future__ import annotations

import torch
from torch import nn


class WeightOffloader:
    """Parks an idle module's parameters in host memory (the teacher, while the student is
    validated with large batches) and brings them back afterwards."""

    def __init__(self):
        self._host: dict[str, torch.Tensor] = {}

    def offload(self, module: nn.Module) -> None:
        for name, p in module.named_parameters():
            if name in self._host:
                continue
            self._host[name] = torch.empty(p.shape, dtype=p.dtype, pin_memory=True)
            self._host[name].copy_(p.detach(), non_blocking=True)
        torch.cuda.synchronize()
        for _, p in module.named_parameters():
            p.data = torch.empty(0, dtype=p.dtype, device=p.device)

    def reload(self, module: nn.Module, device: torch.device) -> None:
        for name, p in module.named_parameters():
            p.data = self._host[name].to(device, non_blocking=True)
        torch.cuda.synchronize()
        self._host.clear()
