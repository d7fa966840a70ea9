"""Packed int4 linear layer used for CPU-offloaded inference of the quantised model."""
from __future__ import annotations

import torch
from torch import nn


class QuantLinear(nn.Module):
    def __init__(self, linear: nn.Linear, codes: torch.Tensor, scales: torch.Tensor, group_size: int) -> None:
        super().__init__()
        self.in_features = linear.in_features
        self.out_features = linear.out_features
        self.group_size = group_size
        self.register_buffer("packed", torch.ops.quantcal.pack_int4(codes, scales))
        self.register_buffer("scales", scales.to(torch.float16))
        self.bias = linear.bias

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        packed = self.packed.to(x.device, non_blocking=True)
        lo = (packed & 0xF).to(torch.int8) - 8
        hi = (packed >> 4).to(torch.int8) - 8
        codes = torch.stack([lo, hi], dim=-1).reshape(self.out_features, -1)[:, : self.in_features]
        scale = self.scales.to(x.device).repeat_interleave(self.group_size, dim=1)[:, : self.in_features]
        w = codes.to(x.dtype) * scale.to(x.dtype)
        return nn.functional.linear(x, w, self.bias)


def _set_module(root: nn.Module, dotted: str, new: nn.Module) -> None:
    parent_name, _, child = dotted.rpartition(".")
    setattr(root.get_submodule(parent_name), child, new)


def convert_model(model: nn.Module, results: dict, group_size: int) -> nn.Module:
    for name, (codes, scales) in results.items():
        linear = model.get_submodule(name)
        _set_module(model, name, QuantLinear(linear, codes, scales, group_size))
    return model
