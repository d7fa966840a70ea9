from __future__ import annotations

import torch
from torch import nn


class TemplateScorer(nn.Module):
    """EmbeddingBag over fingerprint on-bits, a highway MLP, and a logit per reaction template."""

    def __init__(self, fp_bits: int, hidden: int, n_templates: int, dropout: float = 0.2):
        super().__init__()
        self.n_templates = n_templates
        self.embed = nn.EmbeddingBag(fp_bits, hidden, mode="sum")
        self.body = nn.Sequential(
            nn.ELU(), nn.Dropout(dropout), nn.Linear(hidden, hidden), nn.ELU(), nn.Dropout(dropout)
        )
        self.head = nn.Linear(hidden, n_templates)

    @property
    def device(self) -> torch.device:
        return self.head.weight.device

    def forward(self, packed: torch.Tensor, batch_size: int, n_reactants: torch.Tensor) -> torch.Tensor:
        packed = packed.to(self.device, non_blocking=True)
        offsets, flat = packed[:batch_size], packed[batch_size:]
        h = self.embed(flat, offsets)
        logits = self.head(h + self.body(h))
        # Templates whose reactant count differs from the product's annotated arity are impossible.
        ranges = torch.ops.retro.pack_templates(n_reactants, self.n_templates)
        ranges = ranges.to(self.device, non_blocking=True)
        ids = torch.arange(self.n_templates, device=self.device)
        allowed = (ids[None, :] >= ranges[:, :1]) & (ids[None, :] < ranges[:, 1:])
        return logits.masked_fill(~allowed, float("-inf"))
