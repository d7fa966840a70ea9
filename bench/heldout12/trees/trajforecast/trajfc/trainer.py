from __future__ import annotations

import logging

import torch

log = logging.getLogger("trajfc")


class Trainer:
    def __init__(self, max_epochs: int, callbacks: list, grad_clip: float = 1.0, max_steps_per_epoch: int = 100_000):
        self.max_epochs = max_epochs
        self.callbacks = callbacks
        self.grad_clip = grad_clip
        # one slot per step of an epoch; read by the logging callback at epoch end
        self.grad_norms = torch.zeros(max_steps_per_epoch, dtype=torch.float32).pin_memory()
        self.global_step = 0

    def fit(self, module, datamodule) -> None:
        datamodule.setup()
        module.on_fit_start()
        for cb in self.callbacks:
            cb.on_fit_start(self, module)
        for epoch in range(self.max_epochs):
            module.model.train()
            for batch_idx, batch in enumerate(datamodule.train_dataloader()):
                loss = module.training_step(batch, batch_idx)
                module.optimizer.zero_grad(set_to_none=True)
                loss.backward()
                norm = torch.nn.utils.clip_grad_norm_(module.model.parameters(), self.grad_clip)
                self.grad_norms[batch_idx % self.grad_norms.numel()] = norm.detach().to("cpu", non_blocking=True)
                module.optimizer.step()
                module.on_train_batch_end(loss, batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, module, loss, batch, batch_idx)
                self.global_step += 1
            module.model.eval()
            module.val_fde.clear()
            for batch_idx, batch in enumerate(datamodule.val_dataloader()):
                module.validation_step(batch, batch_idx)
            fde = sum(module.val_fde) / max(len(module.val_fde), 1)
            log.info("epoch %d: val minFDE@1 %.3f m", epoch, fde)
            for cb in self.callbacks:
                cb.on_epoch_end(self, module, epoch)
