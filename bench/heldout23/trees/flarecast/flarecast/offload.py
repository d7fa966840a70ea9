"""Activation offload for the large-patch configurations (patch_size 256 on 24 GB cards)."""
from __future__ import annotations

import contextlib

import torch


@contextlib.contextmanager
def offload_activations(min_numel: int):
    def pack(t: torch.Tensor):
        if t.numel() < min_numel or not t.is_cuda:
            return t
        host = torch.empty(t.size(), dtype=t.dtype, layout=t.layout, pin_memory=True)
        host.copy_(t, non_blocking=True)
        return (t.device, host)

    def unpack(packed):
        if isinstance(packed, torch.Tensor):
            return packed
        device, host = packed
        return host.to(device, non_blocking=True)

    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        yield
