from __future__ import annotations

import torch
from torch import nn


class GGCNN2(nn.Module):
    """Generative grasping CNN: quality, cos(2a), sin(2a) and width maps from depth."""

    def __init__(self, ch: int = 16) -> None:
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, ch, 11, padding=5), nn.ReLU(), nn.Conv2d(ch, ch, 5, padding=2), nn.ReLU(),
            nn.MaxPool2d(2), nn.Conv2d(ch, 2 * ch, 5, padding=2), nn.ReLU(),
            nn.Conv2d(2 * ch, 2 * ch, 5, padding=4, dilation=2), nn.ReLU(),
            nn.UpsamplingBilinear2d(scale_factor=2), nn.Conv2d(2 * ch, ch, 3, padding=1), nn.ReLU(),
        )
        self.heads = nn.ModuleList([nn.Conv2d(ch, 1, 1) for _ in range(4)])

    def forward(self, x):
        h = self.features(x)
        q, cos, sin, width = (head(h) for head in self.heads)
        return torch.sigmoid(q), cos, sin, width
