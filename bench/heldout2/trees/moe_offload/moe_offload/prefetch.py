"""Streams offloaded dense weights to the GPU right before the module that owns them runs."""
from __future__ import annotations

import torch
from torch import nn


def attach_weight_streaming(model: nn.Module, cpu_weights: dict[str, torch.Tensor], device="cuda"):
    stream = torch.cuda.Stream()
    handles = []
    for name, mod in model.named_modules():
        if name not in cpu_weights:
            continue

        def pre_hook(module, args, _name=name):
            src = cpu_weights[_name]
            with torch.cuda.stream(stream):
                module.weight.data = src.pin_memory().to(device, non_blocking=True)
            torch.cuda.current_stream().wait_stream(stream)

        def post_hook(module, args, output):
            module.weight.data = torch.empty(0, device=device)
            return output

        handles.append(mod.register_forward_pre_hook(pre_hook))
        handles.append(mod.register_forward_hook(post_hook))
    return handles


def detach_weight_streaming(handles) -> None:
    for h in handles:
        h.remove()
