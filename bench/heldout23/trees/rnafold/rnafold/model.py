from __future__ import annotations

import torch
import torch.nn as nn


class SymmetricOuter(torch.autograd.Function):
    """Outer concatenation of per-position features into a (B, L, L, 2C) map, symmetrised.

    The input is kept on the host between forward and backward (long sequences make the
    activation the largest tensor of the step)."""

    @staticmethod
    def forward(ctx, x: torch.Tensor) -> torch.Tensor:
        ctx.device = x.device
        ctx.host = x.detach().to("cpu").pin_memory()
        L = x.shape[1]
        a = x.unsqueeze(2).expand(-1, -1, L, -1)
        b = x.unsqueeze(1).expand(-1, L, -1, -1)
        return torch.cat([a + b, a * b], dim=-1)

    @staticmethod
    def backward(ctx, g: torch.Tensor) -> torch.Tensor:
        x = ctx.host.to(ctx.device, non_blocking=True)
        C = x.shape[-1]
        g_sum, g_prod = g[..., :C], g[..., C:]
        gx = g_sum.sum(2) + g_sum.sum(1)
        gx = gx + (g_prod * x.unsqueeze(1)).sum(2) + (g_prod * x.unsqueeze(2)).sum(1)
        return gx


class PairNet(nn.Module):
    def __init__(self, dim: int = 64, depth: int = 6):
        super().__init__()
        self.embed = nn.Linear(4, dim)
        self.seq = nn.TransformerEncoder(nn.TransformerEncoderLayer(dim, 4, 4 * dim, batch_first=True), 2)
        self.pair = nn.Sequential(
            nn.Conv2d(2 * dim + 1, dim, 3, padding=1),
            *[m for _ in range(depth) for m in (nn.GELU(), nn.Conv2d(dim, dim, 3, padding=1))],
            nn.Conv2d(dim, 1, 1),
        )

    def forward(self, onehot: torch.Tensor, potential: torch.Tensor, prior: torch.Tensor) -> torch.Tensor:
        h = self.seq(self.embed(onehot))
        z = SymmetricOuter.apply(h)
        z = torch.cat([z, potential.unsqueeze(-1)], dim=-1).permute(0, 3, 1, 2)
        logits = self.pair(z).squeeze(1)
        logits = logits + prior[: logits.shape[-1], : logits.shape[-1]]
        return 0.5 * (logits + logits.transpose(1, 2))
