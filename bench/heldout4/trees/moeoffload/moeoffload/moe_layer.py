import torch
import torch.nn as nn
import torch.nn.functional as F


class Router(nn.Module):
    def __init__(self, hidden, num_experts, top_k):
        super().__init__()
        self.gate = nn.Linear(hidden, num_experts, bias=False)
        self.top_k = top_k

    def forward(self, x):
        probs = F.softmax(self.gate(x), dim=-1)
        return torch.topk(probs, self.top_k, dim=-1)


class OffloadedMoE(nn.Module):
    """One MoE block whose experts are fetched from the host store on demand."""

    def __init__(self, layer_idx, cfg, prefetcher, policy):
        super().__init__()
        self.layer_idx = layer_idx
        self.cfg = cfg
        self.router = Router(cfg.hidden, cfg.num_experts, cfg.top_k)
        self.prefetcher = prefetcher
        self.policy = policy

    def forward(self, x):
        weights, ids = self.router(x)
        counts = torch.bincount(ids.flatten(), minlength=self.cfg.num_experts)
        host_counts = torch.empty(self.cfg.num_experts, dtype=torch.int64, pin_memory=True)
        host_counts.copy_(counts, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        active = torch.nonzero(host_counts).flatten().tolist()
        w = self.prefetcher.prefetch(self.layer_idx, active)
        self.prefetcher.wait()
        self.policy.step(self.layer_idx, active)
        out = torch.zeros_like(x)
        for slot, eid in enumerate(active):
            mask = (ids == eid).any(dim=-1)
            if not mask.any():
                continue
            h = x[mask] @ w[slot].t()
            gate, up = h.chunk(2, dim=-1)
            gw = (weights * (ids == eid)).sum(-1, keepdim=True)[mask]
            out[mask] += (F.silu(gate) * up)[:, : x.shape[-1]] * gw
        return out
