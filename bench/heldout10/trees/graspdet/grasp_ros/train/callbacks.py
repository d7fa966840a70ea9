from __future__ import annotations

import torch
from torch import nn


class Callback:
    def on_step_end(self, step: int, model: nn.Module, outputs: dict) -> None:
        pass

    def on_epoch_end(self, epoch: int, model: nn.Module) -> None:
        pass


class EmaCallback(Callback):
    def __init__(self, model: nn.Module, decay: float) -> None:
        self.decay = decay
        self.shadow = {n: torch.empty(p.shape, dtype=p.dtype, pin_memory=True) for n, p in model.named_parameters()}
        for n, p in model.named_parameters():
            self.shadow[n].copy_(p.detach())

    def on_step_end(self, step, model, outputs) -> None:
        with torch.no_grad():
            for n, p in model.named_parameters():
                s = self.shadow[n]
                s.mul_(self.decay).add_(p.detach().to("cpu", non_blocking=True), alpha=1 - self.decay)


class HeatmapLogger(Callback):
    def __init__(self) -> None:
        self.frames: list[torch.Tensor] = []

    def on_step_end(self, step, model, outputs) -> None:
        q = outputs["q"][0, 0].detach()
        host = torch.empty(q.shape, dtype=q.dtype, pin_memory=True)
        host.copy_(q, non_blocking=True)
        self.frames.append(host)
        if len(self.frames) > 64:
            self.frames.pop(0)


class CheckpointCallback(Callback):
    def __init__(self, path: str) -> None:
        self.path = path

    def on_epoch_end(self, epoch, model) -> None:
        torch.save(model.state_dict(), f"{self.path}/ggcnn2_e{epoch:03d}.pt")
