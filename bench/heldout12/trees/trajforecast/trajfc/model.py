from __future__ import annotations

import torch
from torch import nn


class Forecaster(nn.Module):
    """Agent-history encoder + lane attention + multi-modal trajectory decoder."""

    def __init__(self, d_model: int, n_modes: int, n_layers: int, hist_len: int, fut_len: int):
        super().__init__()
        self.n_modes, self.fut_len = n_modes, fut_len
        self.embed = nn.Linear(4 * hist_len, d_model)
        self.lane_embed = nn.Linear(2, d_model)
        layer = nn.TransformerEncoderLayer(d_model, 8, 4 * d_model, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, n_layers)
        self.lane_attn = nn.MultiheadAttention(d_model, 8, batch_first=True)
        self.head = nn.Linear(d_model, n_modes * (fut_len * 2 + 1))

    def forward(self, history: torch.Tensor, lanes: torch.Tensor, mask: torch.Tensor):
        b, a = history.shape[:2]
        x = self.embed(history.flatten(2))
        x = self.encoder(x, src_key_padding_mask=~mask)
        lane_tokens = self.lane_embed(lanes).mean(2)
        x = x + self.lane_attn(x, lane_tokens, lane_tokens)[0]
        out = self.head(x).view(b, a, self.n_modes, -1)
        return out[..., :-1].view(b, a, self.n_modes, self.fut_len, 2), out[..., -1].log_softmax(-1)
