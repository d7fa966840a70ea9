"""Forward hooks for monitoring activation saturation of the layer stacks."""
from __future__ import annotations

import torch


class SaturationMonitor:
    """Registered as a forward hook on a Linear; records the mean |activation| per output."""

    def __init__(self, name: str, every: int = 1):
        self.name = name
        self.every = every
        self.calls = 0
        self.samples: list[torch.Tensor] = []

    def __call__(self, module, inputs, output):
        self.calls += 1
        if self.calls % self.every:
            return
        host = torch.empty(output.shape[-1], dtype=torch.float32, pin_memory=True)
        host.copy_(output.detach().abs().mean(0), non_blocking=True)
        self.samples.append(host)
        if len(self.samples) > 1000:
            self.samples = self.samples[-1000:]

    def saturation(self) -> float:
        if not self.samples:
            return 0.0
        return float(torch.stack(self.samples[-100:]).ge(0.99).float().mean())


def attach(model, every: int = 1) -> list[SaturationMonitor]:
    mons = []
    for name, mod in (("l1", model.stacks.l1), ("l2", model.stacks.l2)):
        mon = SaturationMonitor(name, every)
        mod.register_forward_hook(mon)
        mons.append(mon)
    return mons
