from __future__ import annotations

import torch
from torch import nn


class TemporalFusion(nn.Module):
    def __init__(self, context: int, horizon: int, hidden: int, heads: int, n_cal: int = 3):
        super().__init__()
        self.horizon = horizon
        self.inp = nn.Linear(1 + n_cal, hidden)
        self.lstm = nn.LSTM(hidden, hidden, batch_first=True)
        self.attn = nn.MultiheadAttention(hidden, heads, batch_first=True)
        self.head = nn.Linear(hidden, 3)  # P10, P50, P90

    def forward(self, x, cal):
        z = torch.cat([x.unsqueeze(-1), cal[:, : x.shape[1]]], dim=-1)
        h, _ = self.lstm(self.inp(z))
        a, _ = self.attn(h[:, -self.horizon :], h, h, need_weights=True)
        return self.head(a)


def quantile_loss(pred, y, qs=(0.1, 0.5, 0.9)):
    loss = 0.0
    for i, q in enumerate(qs):
        e = y - pred[..., i]
        loss = loss + torch.maximum(q * e, (q - 1) * e).mean()
    return loss
