from __future__ import annotations

import copy

import torch

CALLBACKS: dict[str, type] = {}


def callback(name):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls
    return deco


class Callback:
    def on_fit_start(self, trainer): ...
    def on_train_batch_end(self, trainer, loss): ...
    def on_validation_end(self, trainer, metrics): ...


@callback("slice_snapshot")
class SliceSnapshot(Callback):
    def on_fit_start(self, trainer):
        s = trainer.cfg.subtomo
        self.canvas = torch.zeros((3, s, s)).pin_memory()
        self.history = []

    def on_validation_end(self, trainer, metrics):
        self.canvas.copy_(metrics["preview"][:3])
        self.history.append(self.canvas.clone())


@callback("ema")
class Ema(Callback):
    def __init__(self, decay=0.999):
        self.decay = decay
        self.shadow = None

    def on_fit_start(self, trainer):
        self.shadow = {k: v.detach().to("cpu").pin_memory() for k, v in trainer.model.state_dict().items()}

    def on_train_batch_end(self, trainer, loss):
        with torch.no_grad():
            for k, v in trainer.model.state_dict().items():
                self.shadow[k].mul_(self.decay).add_(v.to("cpu", non_blocking=True), alpha=1 - self.decay)


def build_callbacks(names: list[str]) -> list[Callback]:
    return [CALLBACKS[n]() for n in names]
