import os

import torch

from .data.loaders import make_val_loader


class Callback:
    def on_fit_start(self, trainer):
        pass

    def on_batch_end(self, trainer, batch_idx, outputs):
        pass

    def on_epoch_end(self, trainer, epoch):
        pass


class EmaCallback(Callback):
    def __init__(self, decay=0.999):
        self.decay = decay
        self.shadow = {}

    def on_fit_start(self, trainer):
        self.shadow = {
            name: p.detach().to("cpu").pin_memory()
            for name, p in trainer.model.named_parameters()
        }

    def on_batch_end(self, trainer, batch_idx, outputs):
        with torch.no_grad():
            for name, p in trainer.model.named_parameters():
                s = self.shadow[name]
                s.mul_(self.decay).add_(p.detach().to("cpu", non_blocking=True), alpha=1 - self.decay)


class ScoreMapDumper(Callback):
    """Keeps the latest score map on the host so the dashboard thread can render it."""

    def __init__(self, every=1):
        self.every = every
        self.latest = None

    def on_batch_end(self, trainer, batch_idx, outputs):
        if batch_idx % self.every:
            return
        self.latest = outputs.detach().sigmoid().to("cpu").pin_memory()


class ValidationCallback(Callback):
    def __init__(self, cfg):
        self.cfg = cfg
        self.history = []

    def on_epoch_end(self, trainer, epoch):
        loader = make_val_loader(self.cfg)
        total, n = 0.0, 0
        trainer.model.eval()
        with torch.no_grad():
            for images, targets in loader:
                images = images.to(trainer.device, non_blocking=True)
                targets = targets.to(trainer.device, non_blocking=True)
                total += trainer.loss_fn(trainer.model(images), targets).item()
                n += 1
        trainer.model.train()
        self.history.append(total / max(n, 1))


class CheckpointCallback(Callback):
    def __init__(self, out_dir):
        self.out_dir = out_dir

    def on_epoch_end(self, trainer, epoch):
        os.makedirs(self.out_dir, exist_ok=True)
        torch.save(trainer.model.state_dict(), os.path.join(self.out_dir, f"epoch{epoch:03d}.pt"))
