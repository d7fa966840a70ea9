"""Linear layers that keep their input activation on the host until backward."""
from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn


class _OffloadedLinearFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight, bias):
        x_host = torch.empty(x.shape, dtype=x.dtype, pin_memory=True)
        x_host.copy_(x, non_blocking=True)
        ctx.x_host = x_host
        ctx.has_bias = bias is not None
        ctx.save_for_backward(weight)
        return F.linear(x, weight, bias)

    @staticmethod
    def backward(ctx, grad_out):
        (weight,) = ctx.saved_tensors
        x = ctx.x_host.to(grad_out.device, non_blocking=True)
        g2 = grad_out.reshape(-1, grad_out.shape[-1])
        gx = grad_out @ weight
        gw = g2.t() @ x.reshape(-1, x.shape[-1])
        gb = g2.sum(0) if ctx.has_bias else None
        return gx, gw, gb


class OffloadedLinear(nn.Linear):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _OffloadedLinearFn.apply(x, self.weight, self.bias)


class HostBufferedLinear(nn.Linear):
    """Keeps a host copy of the latest input for the activation statistics logger."""

    def __init__(self, in_features: int, out_features: int, bias: bool = True):
        super().__init__(in_features, out_features, bias)
        self._buf = None

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.numel()
        if self._buf is None or self._buf.numel() < n:
            self._buf = torch.empty(n, dtype=x.dtype, pin_memory=True)
        self._buf[:n].view(x.shape).copy_(x.detach(), non_blocking=True)
        return super().forward(x)

    def last_input(self, shape) -> torch.Tensor:
        n = 1
        for d in shape:
            n *= d
        return self._buf[:n].view(shape)
