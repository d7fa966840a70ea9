from __future__ import annotations

import copy

import torch

CALLBACKS = {}


def callback(name):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls
    return deco


class Callback:
    def on_fit_start(self, trainer): ...
    def on_train_batch_end(self, trainer, loss): ...
    def on_epoch_end(self, trainer, epoch, metrics): ...


@callback("ema")
class EMA(Callback):
    def __init__(self, decay=0.999):
        self.decay = decay
        self.shadow: dict[str, torch.Tensor] = {}

    def on_fit_start(self, trainer):
        for name, p in trainer.model.state_dict().items():
            self.shadow[name] = p.detach().to("cpu").pin_memory()

    def on_train_batch_end(self, trainer, loss):
        with torch.no_grad():
            for name, p in trainer.model.state_dict().items():
                self.shadow[name].mul_(self.decay).add_(p.to("cpu", non_blocking=True), alpha=1 - self.decay)


@callback("attn_probe")
class AttentionProbe(Callback):
    """Records attention weights of the last batch through a forward hook."""

    def __init__(self, decay=None):
        self.last = None

    def _hook(self, module, inputs, output):
        _, weights = output
        self.last = weights.detach().to("cpu", non_blocking=True).pin_memory()

    def on_fit_start(self, trainer):
        trainer.model.attn.register_forward_hook(self._hook)


def build(names, decay):
    return [copy.deepcopy(CALLBACKS[n](decay)) for n in names]
