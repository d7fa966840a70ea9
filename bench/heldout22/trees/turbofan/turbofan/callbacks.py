"""Trainer callbacks, picked by name from the config's `callbacks` list."""
from __future__ import annotations

import collections
import json
import math
from pathlib import Path

import torch

CALLBACKS: dict[str, type["Callback"]] = {}


def register(name: str):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls

    return deco


class Callback:
    def on_fit_start(self, trainer) -> None: ...

    def on_after_backward(self, trainer) -> None: ...

    def on_batch_end(self, trainer, batch: dict, loss: torch.Tensor) -> None: ...

    def on_validation_end(self, trainer, metrics: dict) -> None: ...

    def on_fit_end(self, trainer) -> None: ...


def _host_copy(t: torch.Tensor) -> torch.Tensor:
    """Copy a device tensor into page-locked host memory without a stream sync."""
    out = torch.empty(t.shape, dtype=t.dtype, pin_memory=True)
    out.copy_(t.detach(), non_blocking=True)
    return out


@register("drift")
class SensorDriftMonitor(Callback):
    """Flags sensor channels whose batch mean leaves a rolling z-band (sensor faults)."""

    def __init__(self, window: int = 256, z: float = 5.0):
        self.window = window
        self.z = z
        self.history: collections.deque = collections.deque(maxlen=window)
        self.flagged: set[int] = set()

    def on_batch_end(self, trainer, batch, loss):
        means = _host_copy(batch["x"].mean(dim=(0, 1)))
        self.history.append(means)
        if len(self.history) < self.window:
            return
        torch.cuda.current_stream().synchronize()
        h = torch.stack(list(self.history))
        mu, sd = h[:-1].mean(0), h[:-1].std(0).clamp_min(1e-6)
        for ch in ((h[-1] - mu).abs() / sd > self.z).nonzero().flatten().tolist():
            if ch not in self.flagged:
                self.flagged.add(ch)
                trainer.log({f"drift/sensor_{ch}": trainer.global_step})


@register("gradnorm")
class GradNormLogger(Callback):
    """Per-parameter gradient norms, gathered on the host every `every` steps."""

    def __init__(self, every: int = 1):
        self.every = every

    def on_after_backward(self, trainer):
        if trainer.global_step % self.every:
            return
        grads = {}
        for name, p in trainer.model.named_parameters():
            if p.grad is None:
                continue
            host = torch.empty(p.grad.shape, dtype=p.grad.dtype, pin_memory=True)
            host.copy_(p.grad, non_blocking=True)
            grads[name] = host
        torch.cuda.current_stream().synchronize()
        trainer.log({f"gradnorm/{k}": float(v.norm()) for k, v in grads.items()})


@register("ema")
class EMAWeights(Callback):
    """Exponential moving average of the weights, kept on the host."""

    def __init__(self, decay: float = 0.999):
        self.decay = decay
        self.shadow: dict[str, torch.Tensor] = {}

    def on_fit_start(self, trainer):
        self.shadow = {
            n: torch.empty(p.shape, dtype=p.dtype, pin_memory=True)
            for n, p in trainer.model.named_parameters()
        }
        for n, p in trainer.model.named_parameters():
            self.shadow[n].copy_(p.detach())

    @torch.no_grad()
    def on_batch_end(self, trainer, batch, loss):
        for n, p in trainer.model.named_parameters():
            self.shadow[n].mul_(self.decay).add_(p.detach().to("cpu"), alpha=1.0 - self.decay)

    def on_fit_end(self, trainer):
        torch.save(self.shadow, Path(trainer.cfg.out_dir) / "ema.pt")


@register("best")
class BestCheckpoint(Callback):
    def __init__(self, metric: str = "val/rmse"):
        self.metric = metric
        self.best = math.inf

    def on_validation_end(self, trainer, metrics):
        value = metrics[self.metric]
        if value < self.best:
            self.best = value
            out = Path(trainer.cfg.out_dir)
            out.mkdir(parents=True, exist_ok=True)
            torch.save(trainer.model.state_dict(), out / "best.pt")
            (out / "best.json").write_text(json.dumps({"epoch": trainer.epoch, **metrics}))
