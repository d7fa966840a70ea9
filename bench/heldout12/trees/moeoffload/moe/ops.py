from __future__ import annotations

import os
from pathlib import Path

import torch

torch.ops.load_library(os.environ.get("MOE_OPS_LIB", str(Path(__file__).with_name("libmoe_ops.so"))))


def expert_offsets(topk_idx: torch.Tensor, n_experts: int) -> torch.Tensor:
    """Token range boundaries per expert, as a host tensor the launcher reads."""
    return torch.ops.moe.expert_offsets(topk_idx, n_experts)


def load_shard(path: str, dst: torch.Tensor) -> None:
    torch.ops.moe.load_shard(path, dst)


def dequantize(packed: torch.Tensor, scales: torch.Tensor, group_size: int) -> torch.Tensor:
    return torch.ops.moe.dequant_nf4(packed, scales, group_size)


def host_cache(slots: int, nbytes: int):
    return torch.classes.moe.HostExpertCache(slots, nbytes)
