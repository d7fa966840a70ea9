from __future__ import annotations

import torch


def expert_histogram(router_logits: list[torch.Tensor], n_experts: int, top_k: int) -> list[list[int]]:
    """How many tokens each layer sent to each expert in this step (input of the prefetch predictor)."""
    counts = []
    for layer, logits in enumerate(router_logits):
        chosen = logits.topk(top_k, dim=-1).indices.flatten()
        host = torch.empty(n_experts, dtype=torch.int64, pin_memory=True)
        host.copy_(torch.bincount(chosen, minlength=n_experts))
        counts.append(host.tolist())
    return counts


def predict_next(counts: list[list[int]], layer: int, top_k: int) -> list[int]:
    if layer + 1 >= len(counts):
        return []
    row = counts[layer + 1]
    return sorted(range(len(row)), key=row.__getitem__, reverse=True)[: 2 * top_k]
