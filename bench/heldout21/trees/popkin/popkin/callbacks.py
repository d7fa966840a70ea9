from __future__ import annotations

import logging

import torch

log = logging.getLogger(__name__)


class Callback:
    def on_fit_start(self, trainer): ...
    def on_train_batch_end(self, trainer, loss): ...
    def on_epoch_end(self, trainer, epoch): ...


class ParamSnapshot(Callback):
    """CPU copy of every parameter at each epoch end, for the parameter-drift plots."""

    def __init__(self):
        self.snap: dict[str, torch.Tensor] = {}

    def on_epoch_end(self, trainer, epoch):
        self.snap = {}
        for name, p in trainer.model.named_parameters():
            self.snap[name] = p.detach().to("cpu").pin_memory()
        trainer.logger.log_params(epoch, self.snap)


class EMAMirror(Callback):
    def __init__(self, decay: float = 0.999):
        self.decay = decay
        self.shadow: dict[str, torch.Tensor] = {}

    def on_fit_start(self, trainer):
        self.shadow = {n: torch.empty(p.shape, dtype=p.dtype).pin_memory()
                       for n, p in trainer.model.named_parameters()}
        for n, p in trainer.model.named_parameters():
            self.shadow[n].copy_(p.detach())

    def on_train_batch_end(self, trainer, loss):
        d = self.decay
        with torch.no_grad():
            for n, p in trainer.model.named_parameters():
                self.shadow[n].mul_(d).add_(p.detach().to("cpu", non_blocking=True), alpha=1 - d)


class LRLogger(Callback):
    def on_epoch_end(self, trainer, epoch):
        log.info("epoch %d lr %.2e", epoch, trainer.optimizer.param_groups[0]["lr"])


CALLBACKS = {"snapshot": ParamSnapshot, "ema": EMAMirror, "lr_log": LRLogger}


def build_callbacks(names):
    return [CALLBACKS[n]() for n in names]
