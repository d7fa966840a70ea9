import os

import torch

from .base import Callback


class CheckpointCallback(Callback):
    def __init__(self, ckpt_dir, every=1):
        self.ckpt_dir = ckpt_dir
        self.every = every
        os.makedirs(ckpt_dir, exist_ok=True)

    def on_epoch_end(self, trainer, epoch):
        if epoch % self.every:
            return
        state = trainer.model.state_dict()
        host = {k: v.detach().pin_memory() for k, v in state.items()}
        torch.save(host, os.path.join(self.ckpt_dir, f"epoch{epoch:03d}.pt"))


class EMACallback(Callback):
    def __init__(self, decay):
        self.decay = decay
        self.shadow = {}

    def on_fit_start(self, trainer):
        for name, p in trainer.model.named_parameters():
            self.shadow[name] = torch.empty(p.shape, dtype=p.dtype, pin_memory=True)
            self.shadow[name].copy_(p.detach())

    def on_epoch_end(self, trainer, epoch):
        with torch.no_grad():
            for name, p in trainer.model.named_parameters():
                self.shadow[name].mul_(self.decay).add_(p.detach().cpu(), alpha=1 - self.decay)
