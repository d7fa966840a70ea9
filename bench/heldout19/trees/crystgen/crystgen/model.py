from __future__ import annotations

import functools
import math

import torch
import torch.nn.functional as F
from torch import nn

from .ops import build_neighbors


@functools.lru_cache(maxsize=4)
def _slot_mask(max_atoms: int) -> torch.Tensor:
    return torch.ones(max_atoms, dtype=torch.bool, pin_memory=True)


def sigma(t: torch.Tensor) -> torch.Tensor:
    return 0.005 * (0.5 / 0.005) ** t


class Interaction(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.edge = nn.Sequential(nn.Linear(2 * hidden + 4, hidden), nn.SiLU(), nn.Linear(hidden, hidden))
        self.node = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.SiLU(), nn.Linear(hidden, hidden))

    def forward(self, h, edge, shift, frac):
        s, d = edge
        rel = frac[d] - frac[s] + shift
        feat = torch.cat([h[s], h[d], rel, rel.norm(dim=-1, keepdim=True)], dim=-1)
        msg = torch.zeros_like(h).index_add_(0, d, self.edge(feat))
        return h + self.node(torch.cat([h, msg], dim=-1))


class CrystalDenoiser(nn.Module):
    def __init__(self, hidden: int = 256, layers: int = 4, cutoff: float = 6.0, max_atoms: int = 20):
        super().__init__()
        self.cutoff = cutoff
        self.max_atoms = max_atoms
        self.embed = nn.Embedding(100, hidden)
        self.slot = nn.Embedding(max_atoms, hidden)
        self.time = nn.Linear(1, hidden)
        self.blocks = nn.ModuleList(Interaction(hidden) for _ in range(layers))
        self.out = nn.Linear(hidden, 3)

    def forward(self, frac, types, lattice, batch, n_atoms, t):
        edge, shift = build_neighbors(frac, lattice, batch, self.cutoff)
        valid = _slot_mask(self.max_atoms).to(frac.device, non_blocking=True)
        slot = torch.arange(frac.shape[0], device=frac.device) - torch.repeat_interleave(
            torch.cumsum(n_atoms, 0) - n_atoms, n_atoms)
        slot = slot.clamp_(max=self.max_atoms - 1)
        h = self.embed(types) + self.slot(slot) * valid[slot].unsqueeze(-1)
        h = h + self.time(torch.log(sigma(t))[batch].unsqueeze(-1))
        for blk in self.blocks:
            h = blk(h, edge, shift, frac)
        return self.out(h)

    def loss(self, b: dict, t: torch.Tensor) -> torch.Tensor:
        noise = torch.randn_like(b["frac"]) * sigma(t)[b["batch"]].unsqueeze(-1)
        noisy = torch.remainder(b["frac"] + noise, 1.0)
        pred = self(noisy, b["types"], b["lattice"], b["batch"], b["n_atoms"], t)
        return F.mse_loss(pred, noise / sigma(t)[b["batch"]].unsqueeze(-1))

    @torch.no_grad()
    def sample(self, types: torch.Tensor, steps: int) -> torch.Tensor:
        n = types.shape[0]
        frac = torch.rand(n, 3, device=types.device)
        lattice = torch.eye(3, device=types.device).mul_(float(n) ** (1 / 3) * 2.5).unsqueeze(0)
        batch = torch.zeros(n, dtype=torch.long, device=types.device)
        n_atoms = torch.tensor([n], device=types.device)
        for k in reversed(range(steps)):
            t = torch.full((1,), (k + 1) / steps, device=types.device)
            eps = self(frac, types, lattice, batch, n_atoms, t)
            frac = torch.remainder(frac - sigma(t) ** 2 * eps / steps * math.log(100.0), 1.0)
        return frac
