from __future__ import annotations

import logging
from typing import Any, Callable

import numpy as np
import torch

log = logging.getLogger(__name__)

CALLBACKS: dict[str, Callable[..., "Callback"]] = {}


def register(name: str):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls

    return deco


class Callback:
    def on_fit_start(self, trainer, model) -> None: ...
    def on_after_backward(self, trainer, model) -> None: ...
    def on_train_batch_end(self, trainer, model, loss: float) -> None: ...
    def on_train_epoch_end(self, trainer, model) -> None: ...
    def on_validation_end(self, trainer, model, scores: np.ndarray, labels: np.ndarray) -> None: ...


@register("grad_histogram")
class GradHistogram(Callback):
    """Logs per-layer gradient histograms every `every` optimizer steps."""

    def __init__(self, every: int = 200, bins: int = 64):
        self.every = every
        self.bins = bins
        self.history: list[dict[str, np.ndarray]] = []

    def on_after_backward(self, trainer, model) -> None:
        if trainer.global_step % self.every:
            return
        snap = {}
        for name, p in model.named_parameters():
            if p.grad is None:
                continue
            host = torch.empty(p.grad.shape, dtype=p.grad.dtype, pin_memory=True)
            host.copy_(p.grad, non_blocking=True)
            snap[name] = host
        torch.cuda.current_stream().synchronize()
        self.history.append({k: np.histogram(v.float().numpy(), bins=self.bins)[0] for k, v in snap.items()})


@register("swa")
class SWAMonitor(Callback):
    """Stochastic weight averaging kept in host memory from `start_epoch` on."""

    def __init__(self, start_epoch: int = 30):
        self.start_epoch = start_epoch
        self.n = 0
        self.avg: dict[str, torch.Tensor] = {}

    def on_fit_start(self, trainer, model) -> None:
        self.avg = {n: torch.zeros_like(p, device="cpu").pin_memory() for n, p in model.state_dict().items()}

    def on_train_epoch_end(self, trainer, model) -> None:
        if trainer.epoch < self.start_epoch:
            return
        self.n += 1
        for n, p in model.state_dict().items():
            if p.is_floating_point():
                self.avg[n].mul_((self.n - 1) / self.n).add_(p.detach().to("cpu", non_blocking=True), alpha=1.0 / self.n)
            else:
                self.avg[n].copy_(p)


@register("threshold_tuner")
class ThresholdTuner(Callback):
    """Picks the decision threshold that maximises the true skill statistic."""

    def __init__(self):
        self.best_threshold = 0.5
        self.best_tss = -1.0

    def on_validation_end(self, trainer, model, scores, labels) -> None:
        for th in np.linspace(0.05, 0.95, 91):
            pred = scores >= th
            tp = np.sum(pred & (labels == 1)); fn = np.sum(~pred & (labels == 1))
            fp = np.sum(pred & (labels == 0)); tn = np.sum(~pred & (labels == 0))
            tss = tp / max(tp + fn, 1) - fp / max(fp + tn, 1)
            if tss > self.best_tss:
                self.best_tss, self.best_threshold = float(tss), float(th)
        log.info("epoch %d: TSS %.3f at %.2f", trainer.epoch, self.best_tss, self.best_threshold)


def build_callbacks(specs: list[dict[str, Any]]) -> list[Callback]:
    out = []
    for spec in specs:
        spec = dict(spec)
        out.append(CALLBACKS[spec.pop("name")](**spec))
    return out
