from __future__ import annotations

import torch
from torch import nn


class EpochEncoder(nn.Module):
    def __init__(self, in_ch: int, width: int = 64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(in_ch, width, 50, stride=6, padding=24), nn.BatchNorm1d(width), nn.GELU(),
            nn.MaxPool1d(8, 8),
            nn.Conv1d(width, width * 2, 8, padding=4), nn.BatchNorm1d(width * 2), nn.GELU(),
            nn.Conv1d(width * 2, width * 2, 8, padding=4), nn.BatchNorm1d(width * 2), nn.GELU(),
            nn.AdaptiveAvgPool1d(1),
        )

    def forward(self, x):  # x: [B*E, C, 3000]
        return self.net(x).squeeze(-1)


class SleepNet(nn.Module):
    """Per-epoch CNN features, a bidirectional GRU over the context, staged at the centre epoch."""

    def __init__(self, in_ch: int, n_classes: int = 5, width: int = 64, hidden: int = 128, spec_bins: int = 0):
        super().__init__()
        self.encoder = EpochEncoder(in_ch, width)
        self.gru = nn.GRU(width * 2, hidden, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * hidden, n_classes)
        self.spec_head = nn.Linear(spec_bins, n_classes) if spec_bins else None

    def forward(self, x, spec=None):  # x: [B, C, E*3000]
        b, c, t = x.shape
        e = t // 3000
        feats = self.encoder(x.view(b, c, e, 3000).permute(0, 2, 1, 3).reshape(b * e, c, 3000))
        seq, _ = self.gru(feats.view(b, e, -1))
        logits = self.head(seq[:, e // 2])
        if spec is not None and self.spec_head is not None:
            logits = logits + self.spec_head(spec)
        return logits
