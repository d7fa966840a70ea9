"""Forward hooks and the layer-0 input catcher used during calibration."""
from __future__ import annotations

from collections import defaultdict

import torch
from torch import nn


class StopForward(Exception):
    pass


class InputCatcher(nn.Module):
    """Replaces the first decoder layer to capture its inputs, then aborts the forward."""

    def __init__(self, layer: nn.Module, n_samples: int) -> None:
        super().__init__()
        self.layer = layer
        self.n_samples = n_samples
        self.buf: torch.Tensor | None = None
        self.i = 0
        self.kwargs: dict = {}

    def forward(self, x: torch.Tensor, **kwargs):
        if self.buf is None:
            self.buf = torch.empty((self.n_samples, *x.shape[1:]), dtype=x.dtype, pin_memory=True)
        n = min(x.shape[0], self.n_samples - self.i)
        self.buf[self.i : self.i + n].copy_(x[:n], non_blocking=True)
        self.i += n
        self.kwargs = kwargs
        raise StopForward


class ActStatsHook:
    """Per-channel abs-max of a linear layer's input on every forward, kept on the host."""

    def __init__(self, name: str, store: dict[str, list[torch.Tensor]]) -> None:
        self.name = name
        self.store = store

    def __call__(self, module: nn.Module, inputs, output) -> None:
        x = inputs[0].detach()
        amax = x.abs().reshape(-1, x.shape[-1]).amax(dim=0)
        host = torch.empty(amax.shape, dtype=amax.dtype, pin_memory=True)
        host.copy_(amax, non_blocking=True)
        self.store[self.name].append(host)


def attach_stats_hooks(layer: nn.Module, prefix: str, store=None):
    store = store if store is not None else defaultdict(list)
    handles = []
    for name, mod in layer.named_modules():
        if isinstance(mod, nn.Linear):
            handles.append(mod.register_forward_hook(ActStatsHook(f"{prefix}.{name}", store)))
    return handles, store
