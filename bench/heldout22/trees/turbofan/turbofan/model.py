"""Conv + GRU regressor with a health-index side input."""
from __future__ import annotations

import torch
from torch import nn

from . import ops


class RULNet(nn.Module):
    def __init__(self, n_sensors: int, hidden: int = 64, max_rul: float = 125.0):
        super().__init__()
        self.max_rul = max_rul
        self.conv = nn.Sequential(
            nn.Conv1d(n_sensors, hidden, kernel_size=5, padding=2),
            nn.GELU(),
            nn.Conv1d(hidden, hidden, kernel_size=3, padding=1),
            nn.GELU(),
        )
        self.gru = nn.GRU(hidden, hidden, batch_first=True)
        self.head = nn.Sequential(nn.Linear(hidden + 1, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x: torch.Tensor, settings: torch.Tensor) -> torch.Tensor:
        h = self.conv(x.transpose(1, 2)).transpose(1, 2)
        _, last = self.gru(h)
        hi = ops.health_index(settings, x[:, -1, :])
        z = torch.cat([last[-1], hi.unsqueeze(-1)], dim=-1)
        return self.head(z).squeeze(-1).sigmoid() * self.max_rul
