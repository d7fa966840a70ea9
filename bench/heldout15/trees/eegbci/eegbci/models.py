from __future__ import annotations

import torch
from torch import nn


class EEGNet(nn.Module):
    """EEGNet-8,2 (Lawhern et al. 2018) on filter-bank input (bands x channels x samples)."""

    def __init__(self, n_bands: int, n_channels: int, n_classes: int, samples: int, f1: int = 8, d: int = 2):
        super().__init__()
        self.block1 = nn.Sequential(
            nn.Conv2d(n_bands, f1, (1, 64), padding=(0, 32), bias=False),
            nn.BatchNorm2d(f1),
            nn.Conv2d(f1, f1 * d, (n_channels, 1), groups=f1, bias=False),
            nn.BatchNorm2d(f1 * d),
            nn.ELU(),
            nn.AvgPool2d((1, 4)),
            nn.Dropout(0.25),
        )
        self.block2 = nn.Sequential(
            nn.Conv2d(f1 * d, f1 * d, (1, 16), padding=(0, 8), groups=f1 * d, bias=False),
            nn.Conv2d(f1 * d, f1 * d, 1, bias=False),
            nn.BatchNorm2d(f1 * d),
            nn.ELU(),
            nn.AvgPool2d((1, 8)),
            nn.Dropout(0.25),
        )
        with torch.no_grad():
            n_flat = self.block2(self.block1(torch.zeros(1, n_bands, n_channels, samples))).numel()
        self.classify = nn.Linear(n_flat, n_classes)

    def forward(self, x):
        return self.classify(self.block2(self.block1(x)).flatten(1))
