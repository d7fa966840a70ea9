import torch
import torch.nn as nn


class TransE(nn.Module):
    def __init__(self, num_rel, dim, p=1):
        super().__init__()
        self.rel = nn.Embedding(num_rel, dim)
        self.p = p

    def forward(self, h, r, t):
        return -torch.norm(h + self.rel(r) - t, p=self.p, dim=-1)


class DistMult(nn.Module):
    def __init__(self, num_rel, dim):
        super().__init__()
        self.rel = nn.Embedding(num_rel, dim)

    def forward(self, h, r, t):
        return (h * self.rel(r) * t).sum(-1)
