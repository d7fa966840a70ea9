"""Warm the CUDA caching allocator and kernels for every length bucket at actor start."""
from __future__ import annotations

import torch

from rmscore.config import ScoreConfig


@torch.inference_mode()
def warm_buckets(model, cfg: ScoreConfig) -> dict[int, torch.Tensor]:
    buckets = {}
    for batch, length in enumerate(cfg.length_buckets):
        buf = torch.zeros((cfg.max_batch, length), dtype=torch.long, pin_memory=True)
        model(input_ids=buf.to("cuda", non_blocking=True))
        buckets[length] = buf
    torch.cuda.synchronize()
    return buckets
