"""Keeps every decoder layer's weights in pinned host slots between calibration passes."""
from __future__ import annotations

import torch
from torch import nn


class LayerOffloader:
    def __init__(self, layers: nn.ModuleList) -> None:
        self.layers = layers
        self.slots = [
            {n: torch.empty(p.shape, dtype=p.dtype, pin_memory=True) for n, p in layer.state_dict().items()}
            for layer in layers
        ]
        for layer, slot in zip(layers, self.slots):
            for n, p in layer.state_dict().items():
                slot[n].copy_(p)
            layer.to("meta")

    def load(self, i: int, device: torch.device) -> nn.Module:
        layer = self.layers[i].to_empty(device=device)
        layer.load_state_dict({n: t.to(device, non_blocking=True) for n, t in self.slots[i].items()})
        return layer

    def unload(self, i: int) -> None:
        layer = self.layers[i]
        for n, p in layer.state_dict().items():
            self.slots[i][n].copy_(p, non_blocking=True)
        torch.cuda.synchronize()
        layer.to("meta")
