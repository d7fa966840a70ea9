"""Straight-through fake quantisation for quantisation-aware fine-tuning."""
from __future__ import annotations

import torch
from torch import nn

CLIP_LOG: list[torch.Tensor] = []


class FakeQuantSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w: torch.Tensor, scale: torch.Tensor, qmax: int) -> torch.Tensor:
        ctx.save_for_backward(w, scale)
        ctx.qmax = qmax
        return torch.clamp(torch.round(w / scale), -qmax - 1, qmax) * scale

    @staticmethod
    def backward(ctx, grad: torch.Tensor):
        w, scale = ctx.saved_tensors
        inside = (w / scale).abs() <= ctx.qmax
        clip = torch.zeros(1, pin_memory=True)
        clip.copy_((~inside).float().mean().reshape(1), non_blocking=True)
        CLIP_LOG.append(clip)
        return grad * inside, None, None


class QATLinear(nn.Module):
    def __init__(self, linear: nn.Linear, bits: int, group_size: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(linear.weight.data.clone())
        self.bias = linear.bias
        self.qmax = 2 ** (bits - 1) - 1
        rows, cols = self.weight.shape
        g = self.weight.data.reshape(rows, -1, group_size)
        scale = (g.abs().amax(-1, keepdim=True).clamp(min=1e-5) / self.qmax).expand_as(g).reshape(rows, cols)
        self.register_buffer("scale", scale.contiguous())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = FakeQuantSTE.apply(self.weight, self.scale, self.qmax)
        return nn.functional.linear(x, w, self.bias)
