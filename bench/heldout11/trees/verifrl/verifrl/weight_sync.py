"""Copies trainer weights into the rollout engine's replica."""
from __future__ import annotations

import torch


class WeightSync:
    def __init__(self, trainer_model: torch.nn.Module, engine_model: torch.nn.Module, bucket_mb: int = 256):
        self.src = trainer_model
        self.dst = engine_model
        groups, cur, size = [], [], 0
        for p in trainer_model.parameters():
            cur.append(p)
            size += p.numel() * p.element_size()
            if size >= bucket_mb << 20:
                groups.append(cur)
                cur, size = [], 0
        if cur:
            groups.append(cur)
        self.groups = groups
        self.buckets = [
            torch.empty(sum(p.numel() for p in g), dtype=torch.bfloat16, pin_memory=True)
            for g in groups
        ]

    @torch.no_grad()
    def push_bucketed(self):
        dst_params = list(self.dst.parameters())
        i = 0
        for g, buf in zip(self.groups, self.buckets):
            off = 0
            for p in g:
                n = p.numel()
                buf[off: off + n].copy_(p.detach().flatten())
                dst_params[i].copy_(buf[off: off + n].view_as(p), non_blocking=True)
                off += n
                i += 1

    @torch.no_grad()
    def push_full(self):
        for src, dst in zip(self.src.parameters(), self.dst.parameters()):
            host = src.detach().to("cpu").pin_memory()
            dst.copy_(host, non_blocking=True)
        torch.cuda.synchronize()
