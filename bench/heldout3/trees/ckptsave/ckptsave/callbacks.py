"""Lightning callback: per-batch loss history in host memory, epoch-end checkpoints."""

import lightning.pytorch as pl
import torch

from .legacy import LegacySaver


class CheckpointCallback(pl.Callback):
    def __init__(self, save_dir, history=10_000):
        super().__init__()
        self.saver = LegacySaver(save_dir)
        self.history = history
        self._losses = []
        self._lr_host = None

    def on_fit_start(self, trainer, pl_module):
        n_groups = len(trainer.optimizers[0].param_groups)
        self._lr_host = torch.zeros(n_groups, dtype=torch.float64, pin_memory=True)

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        loss = outputs["loss"] if isinstance(outputs, dict) else outputs
        self._losses.append(loss.detach().float().reshape(1).cpu().pin_memory())
        if len(self._losses) > self.history:
            self._losses = self._losses[-self.history:]
        for i, g in enumerate(trainer.optimizers[0].param_groups):
            self._lr_host[i] = g["lr"]

    def on_train_epoch_end(self, trainer, pl_module):
        if trainer.is_global_zero:
            self.saver.save(f"epoch_{trainer.current_epoch:03d}", pl_module)
        if self._losses:
            mean = torch.cat(self._losses).mean().item()
            pl_module.log("train/loss_epoch_mean", mean)
            self._losses.clear()
