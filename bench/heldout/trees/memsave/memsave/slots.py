"""Host-side copies of model state used by the trainer."""

from __future__ import annotations

from typing import Iterable

import torch
import torch.nn as nn


class LayerOffloader:
    """Freezes layers on a curriculum and keeps a host snapshot of every frozen layer.

    ``freeze_at`` maps a parameter name to the epoch it freezes at. At the start of each epoch
    the snapshots of all layers frozen so far are refreshed, so a rollback can restore them.
    """

    def __init__(self, model: nn.Module, freeze_at: dict[str, int]) -> None:
        self.model = model
        self.freeze_at = freeze_at
        self.slots: dict[str, torch.Tensor] = {}

    def frozen(self, epoch: int) -> list[str]:
        return [name for name, e in self.freeze_at.items() if e <= epoch]

    def run(self, epochs: int, train_epoch) -> None:
        params = dict(self.model.named_parameters())
        for epoch in range(epochs):
            for layer in self.frozen(epoch):
                p = params[layer]
                self.slots[layer] = torch.empty(p.shape, dtype=p.dtype, pin_memory=True)
                self.slots[layer].copy_(p.data)
                p.requires_grad_(False)
            train_epoch(epoch)

    def restore(self) -> None:
        params = dict(self.model.named_parameters())
        for name, host in self.slots.items():
            params[name].data.copy_(host, non_blocking=True)


class HostMirror:
    """A host copy of one tensor, refreshed by ``sync`` and dropped at the end of each step."""

    def __init__(self) -> None:
        self.host: torch.Tensor | None = None

    def sync(self, t: torch.Tensor) -> torch.Tensor:
        if self.host is None:
            self.host = torch.empty(t.shape, dtype=t.dtype, pin_memory=True)
        self.host.copy_(t, non_blocking=True)
        return self.host

    def end_step(self) -> None:
        self.host = None


class EmaShadow:
    """Exponential moving average of parameters, kept in pinned host memory."""

    def __init__(self, decay: float = 0.999) -> None:
        self.decay = decay
        self.shadow: list[torch.Tensor] | None = None

    @torch.no_grad()
    def update(self, params: Iterable[torch.Tensor]) -> None:
        params = list(params)
        if self.shadow is None:
            self.shadow = [torch.empty(p.shape, dtype=p.dtype, pin_memory=True) for p in params]
            for s, p in zip(self.shadow, params):
                s.copy_(p)
            return
        for s, p in zip(self.shadow, params):
            s.mul_(self.decay).add_(p.detach().cpu(), alpha=1 - self.decay)
