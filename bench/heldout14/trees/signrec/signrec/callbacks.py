from __future__ import annotations

import torch

CALLBACKS: dict[str, type] = {}


def register(name):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls
    return deco


@register("wer_logger")
class WerLogger:
    def on_fit_start(self, trainer):
        self.hist = torch.zeros((trainer.cfg.epochs,), pin_memory=True)

    def on_epoch_end(self, trainer, epoch, wer):
        self.hist[epoch] = wer


@register("ema")
class Ema:
    def __init__(self, decay: float = 0.999):
        self.decay = decay

    def on_fit_start(self, trainer):
        self.shadow = [p.detach().cpu().pin_memory() for p in trainer.model.parameters()]

    def on_epoch_end(self, trainer, epoch, wer):
        with torch.no_grad():
            for s, p in zip(self.shadow, trainer.model.parameters()):
                s.mul_(self.decay).add_(p.detach().cpu(), alpha=1 - self.decay)
