from __future__ import annotations

import logging

import torch

log = logging.getLogger("trajfc")
CALLBACKS: dict[str, type] = {}


def register(name: str):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls

    return deco


class Callback:
    def on_fit_start(self, trainer, module) -> None: ...

    def on_train_batch_end(self, trainer, module, loss, batch, batch_idx) -> None: ...

    def on_epoch_end(self, trainer, module, epoch) -> None: ...


@register("ema")
class EMACallback(Callback):
    def __init__(self, decay: float = 0.999):
        self.decay = decay
        self.shadow: dict[str, torch.Tensor] = {}

    def on_fit_start(self, trainer, module) -> None:
        self.shadow = {n: p.detach().cpu().pin_memory() for n, p in module.model.named_parameters()}

    def on_train_batch_end(self, trainer, module, loss, batch, batch_idx) -> None:
        if trainer.global_step % 10:
            return
        for n, p in module.model.named_parameters():
            self.shadow[n].mul_(self.decay).add_(p.detach().to("cpu", non_blocking=True), alpha=1 - self.decay)


@register("minade")
class MinADELogger(Callback):
    def __init__(self):
        self.sum = 0.0
        self.count = 0

    def on_train_batch_end(self, trainer, module, loss, batch, batch_idx) -> None:
        per_scene = torch.zeros(batch["future"].shape[0], pin_memory=True)
        per_scene.copy_(batch["future"].norm(dim=-1).mean(dim=(1, 2)))
        self.sum += float(per_scene.sum())
        self.count += per_scene.numel()

    def on_epoch_end(self, trainer, module, epoch) -> None:
        log.info("epoch %d: mean future displacement %.3f", epoch, self.sum / max(self.count, 1))
        self.sum, self.count = 0.0, 0


def build_callbacks(names: list[str]) -> list[Callback]:
    return [CALLBACKS[n]() for n in names]
