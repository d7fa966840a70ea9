from __future__ import annotations

from functools import lru_cache

import torch


@lru_cache(maxsize=8)
def group_index(n_prompts: int, group_size: int) -> torch.Tensor:
    idx = torch.arange(n_prompts).repeat_interleave(group_size)
    return idx.pin_memory()


def grpo_advantages(rewards: torch.Tensor, n_prompts: int, group_size: int, eps: float = 1e-6) -> torch.Tensor:
    idx = group_index(n_prompts, group_size).to(rewards.device, non_blocking=True)
    g = rewards.view(n_prompts, group_size)
    mean = g.mean(1)[idx]
    std = g.std(1)[idx]
    return (rewards - mean) / (std + eps)
