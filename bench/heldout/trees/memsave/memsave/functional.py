"""Autograd functions that keep large inputs in host memory between forward and backward."""

from __future__ import annotations

import torch


class OffloadedLinear(torch.autograd.Function):
    """y = x @ w.T + b, with x parked in host memory until backward."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None):
        x_host = torch.empty(x.shape, dtype=x.dtype, device="cpu", pin_memory=True)
        x_host.copy_(x, non_blocking=True)
        ctx.save_for_backward(x_host, weight)
        ctx.has_bias = bias is not None
        ctx.device = x.device
        return torch.nn.functional.linear(x, weight, bias)

    @staticmethod
    def backward(ctx, grad_out: torch.Tensor):
        x_host, weight = ctx.saved_tensors
        x = x_host.to(ctx.device, non_blocking=True)
        grad_x = grad_out @ weight
        grad_w = grad_out.flatten(0, -2).T @ x.flatten(0, -2)
        grad_b = grad_out.flatten(0, -2).sum(0) if ctx.has_bias else None
        return grad_x, grad_w, grad_b


class HostAccumulatedGrad(torch.autograd.Function):
    """Identity in forward; in backward, also accumulates the gradient into a host copy."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, sink: list):
        ctx.sink = sink
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad: torch.Tensor):
        host = torch.empty(grad.shape, dtype=grad.dtype, pin_memory=True)
        host.copy_(grad, non_blocking=True)
        ctx.sink.append(host)
        return grad, None


class StagedInput(torch.autograd.Function):
    """Saves x into a caller-provided pinned slot instead of keeping it on the device."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, slot: torch.Tensor, weight: torch.Tensor):
        slot.copy_(x, non_blocking=True)
        ctx.save_for_backward(slot, weight)
        ctx.device = x.device
        return x @ weight.T

    @staticmethod
    def backward(ctx, grad_out: torch.Tensor):
        slot, weight = ctx.saved_tensors
        x = slot.to(ctx.device, non_blocking=True)
        return grad_out @ weight, None, grad_out.flatten(0, -2).T @ x.flatten(0, -2)


class StagedLinear(torch.nn.Module):
    def __init__(self, in_features: int, out_features: int, max_tokens: int) -> None:
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(out_features, in_features) / in_features**0.5)
        # Plain attribute, not a buffer: .cuda() must not move it off the host.
        self.slot = torch.empty(max_tokens, in_features).pin_memory()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        tokens = x.flatten(0, -2)
        slot = self.slot[: tokens.shape[0]]
        return StagedInput.apply(tokens, slot, self.weight).view(*x.shape[:-1], -1)
