"""Encoder + linear emissions + CRF transitions."""
from __future__ import annotations

import torch
from torch import nn
from transformers import AutoModel

from .labels import TAGS


class NerModel(nn.Module):
    def __init__(self, encoder: str):
        super().__init__()
        self.encoder = AutoModel.from_pretrained(encoder)
        self.emit = nn.Linear(self.encoder.config.hidden_size, len(TAGS))
        self.transitions = nn.Parameter(torch.zeros(len(TAGS), len(TAGS)))

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        h = self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
        return self.emit(h)

    def crf_nll(self, emissions, tags, mask):
        # standard linear-chain CRF negative log likelihood (forward algorithm)
        B, T, L = emissions.shape
        alpha = emissions[:, 0]
        for t in range(1, T):
            nxt = torch.logsumexp(alpha[:, :, None] + self.transitions[None], dim=1) + emissions[:, t]
            alpha = torch.where(mask[:, t, None], nxt, alpha)
        log_z = torch.logsumexp(alpha, dim=1)
        gold = emissions.gather(2, tags.clamp(min=0)[..., None]).squeeze(-1)
        trans = self.transitions[tags[:, :-1].clamp(min=0), tags[:, 1:].clamp(min=0)]
        score = (gold * mask).sum(1) + (trans * mask[:, 1:]).sum(1)
        return (log_z - score).mean()

    @classmethod
    def from_checkpoint(cls, path: str) -> "NerModel":
        ck = torch.load(path, map_location="cpu")
        m = cls(ck["encoder"])
        m.load_state_dict(ck["state_dict"])
        return m
