"""Debugging probes: record activations and gradients to host memory during training."""

from __future__ import annotations

from collections import defaultdict

import torch
import torch.nn as nn


class ActivationRecorder:
    """Keeps a host copy of every leaf module's output, for offline inspection."""

    def __init__(self, max_records: int = 8) -> None:
        self.max_records = max_records
        self.records: dict[str, list[torch.Tensor]] = defaultdict(list)
        self._handles = []

    def attach(self, model: nn.Module) -> "ActivationRecorder":
        for name, mod in model.named_modules():
            if not list(mod.children()):
                self._handles.append(mod.register_forward_hook(self._make_hook(name)))
        return self

    def _make_hook(self, name: str):
        def hook(mod, inputs, output):
            if not isinstance(output, torch.Tensor):
                return
            rec = self.records[name]
            rec.append(output.detach().to("cpu").pin_memory())
            del rec[: -self.max_records]

        return hook

    def detach(self) -> None:
        for h in self._handles:
            h.remove()
        self._handles.clear()


class GradNormProbe:
    """Per-module gradient norms, written into one pinned vector and read once per step."""

    def __init__(self, model: nn.Module) -> None:
        self.names = [n for n, m in model.named_modules() if not list(m.children())]
        self.norms_host = torch.zeros(len(self.names), dtype=torch.float32, pin_memory=True)
        self.norms_dev = torch.zeros(len(self.names), dtype=torch.float32, device="cuda")
        for i, (name, mod) in enumerate(m for m in model.named_modules() if not list(m[1].children())):
            mod.register_full_backward_hook(self._make_hook(i))

    def _make_hook(self, i: int):
        def hook(mod, grad_input, grad_output):
            g = grad_output[0]
            if g is not None:
                self.norms_dev[i] = g.detach().float().norm()

        return hook

    def read(self) -> dict[str, float]:
        self.norms_host.copy_(self.norms_dev, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        return dict(zip(self.names, self.norms_host.tolist()))


class LogitGradWatch:
    """Keeps the most recent gradient w.r.t. the logits on the host."""

    def __init__(self) -> None:
        self.last: torch.Tensor | None = None

    def watch(self, logits: torch.Tensor) -> torch.Tensor:
        if logits.requires_grad:
            logits.register_hook(self._on_grad)
        return logits

    def _on_grad(self, grad: torch.Tensor) -> None:
        self.last = grad.detach().cpu().pin_memory()
