"""Flood-filling network (Januszewski et al. 2018), the 3-D residual variant used for seeds."""
from __future__ import annotations

import torch
import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.c1 = nn.Conv3d(ch, ch, 3, padding=1)
        self.c2 = nn.Conv3d(ch, ch, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.c2(torch.relu(self.c1(torch.relu(x))))


class FFN(nn.Module):
    def __init__(self, depth: int = 8, ch: int = 32):
        super().__init__()
        self.inp = nn.Conv3d(2, ch, 3, padding=1)
        self.blocks = nn.Sequential(*[ResBlock(ch) for _ in range(depth)])
        self.out = nn.Conv3d(ch, 1, 1)

    def forward(self, image: torch.Tensor, pom: torch.Tensor) -> torch.Tensor:
        """image, pom: (B, 1, Z, Y, X); returns the updated object-mask logits."""
        return pom + self.out(self.blocks(self.inp(torch.cat([image, pom], dim=1))))
