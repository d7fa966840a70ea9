"""NNUE: sparse feature transformer, then one small MLP per layer-stack bucket."""
from __future__ import annotations

import torch
from torch import nn

from .features import FEATURE_SETS, psqt_init


class FeatureTransformer(nn.Module):
    def __init__(self, num_features: int, out: int, psqt_buckets: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(num_features, out + psqt_buckets) * 0.01)
        self.bias = nn.Parameter(torch.zeros(out + psqt_buckets))

    def forward(self, idx: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
        mask = idx >= 0
        emb = self.weight[idx.clamp(min=0).long()] * (values * mask)[..., None]
        return emb.sum(1) + self.bias


class LayerStacks(nn.Module):
    def __init__(self, l1: int, l2: int, l3: int, buckets: int):
        super().__init__()
        self.buckets = buckets
        self.l1 = nn.Linear(2 * l1, (l2 + 1) * buckets)
        self.l2 = nn.Linear(2 * l2, l3 * buckets)
        self.out = nn.Linear(l3, buckets)
        self.l2_dim, self.l3_dim = l2, l3

    def forward(self, x: torch.Tensor, bucket: torch.Tensor) -> torch.Tensor:
        n = x.shape[0]
        b = bucket.long()
        y = self.l1(x).view(n, self.buckets, -1)[torch.arange(n), b]
        y_skip, y = y[:, -1:], y[:, :-1]
        y = torch.cat([y.clamp(0, 1), y.pow(2).clamp(0, 1)], dim=1)
        y = self.l2(y).view(n, self.buckets, -1)[torch.arange(n), b].clamp(0, 1)
        return self.out(y).gather(1, b[:, None]) + y_skip


class NNUE(nn.Module):
    def __init__(self, feature_set: str, l1: int, l2: int, l3: int, buckets: int):
        super().__init__()
        fs = FEATURE_SETS[feature_set]
        self.l1_size = l1
        self.ft = FeatureTransformer(fs.num_features, l1, fs.num_psqt_buckets)
        with torch.no_grad():
            self.ft.weight[:, l1:] = psqt_init(feature_set).to(self.ft.weight.device)
        self.stacks = LayerStacks(l1, l2, l3, buckets)

    def forward(self, batch: dict) -> torch.Tensor:
        w = self.ft(batch["white"], batch["white_values"])
        b = self.ft(batch["black"], batch["black_values"])
        us = batch["us"]
        wpsqt = w[:, self.l1_size:].gather(1, batch["psqt"].long()[:, None])
        bpsqt = b[:, self.l1_size:].gather(1, batch["psqt"].long()[:, None])
        w, b = w[:, : self.l1_size], b[:, : self.l1_size]
        x = us * torch.cat([w, b], 1) + (1 - us) * torch.cat([b, w], 1)
        x = x.clamp(0, 1)
        return self.stacks(x, batch["stack"]) + (wpsqt - bpsqt) * (us - 0.5)
