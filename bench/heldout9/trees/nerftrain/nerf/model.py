import torch
from torch import nn

from .render import march_rays


class HashEncoding(nn.Module):
    def __init__(self, levels, feats=2, table=2 ** 19):
        super().__init__()
        self.tables = nn.Parameter(torch.randn(levels, table, feats) * 1e-4)

    def forward(self, x):
        return self.tables[:, (x * 1024).long().sum(-1) % self.tables.shape[1]].permute(1, 0, 2).flatten(1)


class NeRF(nn.Module):
    def __init__(self, hidden, levels):
        super().__init__()
        self.enc = HashEncoding(levels)
        self.density = nn.Sequential(nn.Linear(levels * 2, hidden), nn.ReLU(), nn.Linear(hidden, 16))
        self.color = nn.Sequential(nn.Linear(16 + 3, hidden), nn.ReLU(), nn.Linear(hidden, 3))

    def forward(self, rays, grid):
        pts, deltas = march_rays(rays[:, 0:3], rays[:, 3:6], grid)
        h = self.density(self.enc(pts))
        sigma = torch.relu(h[:, 0])
        rgb = torch.sigmoid(self.color(torch.cat([h, rays[:, 3:6].repeat_interleave(pts.shape[0] // rays.shape[0], 0)], -1)))
        return sigma, rgb, deltas
