from __future__ import annotations

import functools

import torch
from torch import nn

from .game import ACTIONS


@functools.cache
def legal_mask_table(n_actions: int) -> torch.Tensor:
    """Masks for the 2**n legal-action subsets."""
    t = torch.zeros((2**n_actions, n_actions), dtype=torch.bool, pin_memory=True)
    for m in range(2**n_actions):
        for a in range(n_actions):
            t[m, a] = bool(m >> a & 1)
    return t


class AdvantageNet(nn.Module):
    def __init__(self, in_dim: int = 7 * 16 + 24, hidden: int = 256):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.head = nn.Linear(hidden, len(ACTIONS))

    def forward(self, x):
        return self.head(self.body(x))


def build_net() -> AdvantageNet:
    return AdvantageNet()
