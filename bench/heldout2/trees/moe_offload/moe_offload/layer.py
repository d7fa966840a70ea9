from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn


class MoELayer(nn.Module):
    def __init__(self, d_model: int, top_k: int, cache, store):
        super().__init__()
        self.router = nn.Linear(d_model, store.num_experts, bias=False)
        self.top_k = top_k
        self.cache = cache
        self.store = store
        self.d_model = d_model
        self.d_ff = store.expert_numel // (3 * d_model)

    def _expert(self, x: torch.Tensor, flat: torch.Tensor) -> torch.Tensor:
        w1, w3, w2 = flat.view(3, self.d_ff, self.d_model).unbind(0)
        return (F.silu(x @ w1.t()) * (x @ w3.t())) @ w2

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, D = x.shape
        h = x.reshape(-1, D)
        logits = self.router(h)
        # the load balancer thread reads routing statistics on the host
        self.store.router_scratch(h.shape[0]).copy_(logits.float(), non_blocking=True)

        weights, idx = torch.topk(logits.softmax(dim=-1), self.top_k, dim=-1)
        out = torch.zeros_like(h)
        for eid in idx.unique().tolist():
            rows, slot = (idx == eid).nonzero(as_tuple=True)
            flat = self.cache.get(eid)
            y = self._expert(h[rows], flat) * weights[rows, slot, None]
            out.index_add_(0, rows, y.to(out.dtype))
        self.cache.trim()
        return out.view(B, T, D)
