"""Self-attentive knowledge tracing with skill, time and difficulty side inputs."""
from __future__ import annotations

import torch
from torch import nn

from .config import ModelConfig


class SAKT(nn.Module):
    def __init__(self, cfg: ModelConfig, max_len: int):
        super().__init__()
        self.skill = nn.Embedding(cfg.n_skills + 1, cfg.dim)
        self.resp = nn.Embedding(2, cfg.dim)
        self.pos = nn.Parameter(torch.zeros(max_len, cfg.dim))
        self.time = nn.Linear(1, cfg.dim)
        self.diff = nn.Linear(2, cfg.dim)
        layer = nn.TransformerEncoderLayer(cfg.dim, cfg.heads, 4 * cfg.dim, cfg.dropout, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, cfg.layers)
        self.out = nn.Linear(cfg.dim, 1)
        self.mastery = nn.Linear(cfg.dim, cfg.n_skills)

    def forward(self, batch: dict, qrows: torch.Tensor, qidx: torch.Tensor, prior: torch.Tensor) -> dict:
        q = qrows[qidx]
        x = q + self.skill(batch["s"]) + self.resp(batch["r"].long()) + self.time(batch["t"].unsqueeze(-1))
        x = x + self.diff(prior[batch["q"]]) + self.pos[: x.shape[1]]
        causal = torch.triu(torch.ones(x.shape[1], x.shape[1], dtype=torch.bool, device=x.device), 1)
        h = self.encoder(x, mask=causal, src_key_padding_mask=~batch["mask"])
        return {"logit": self.out(h).squeeze(-1), "mastery": torch.sigmoid(self.mastery(h[:, -1]))}

    @torch.no_grad()
    def score_candidates(self, hist: torch.Tensor, candidates: torch.Tensor) -> torch.Tensor:
        """hist: [B, T, 4] (question, skill, correct, elapsed_ms) -> [B, n_candidates] success probabilities."""
        x = self.skill(hist[..., 1]) + self.resp(hist[..., 2].clamp(0, 1))
        x = x + self.time(torch.log1p(hist[..., 3].float()).unsqueeze(-1)) + self.pos[: hist.shape[1]]
        causal = torch.triu(torch.ones(x.shape[1], x.shape[1], dtype=torch.bool, device=x.device), 1)
        h = self.encoder(x, mask=causal)[:, -1]
        return torch.sigmoid(h @ self.skill(candidates % self.skill.num_embeddings).T)
