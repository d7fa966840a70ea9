from __future__ import annotations

import lightning.pytorch as pl
import torch
import torch.nn.functional as F

from .utils import alloc_host


class CausalLM(pl.LightningModule):
    def __init__(self, model, lr: float = 3e-4, log_every: int = 50):
        super().__init__()
        self.model = model
        self.lr = lr
        self.log_every = log_every
        self._host_tail = None
        self._tokens_seen = None

    def setup(self, stage: str) -> None:
        self._tokens_seen = alloc_host(1, torch.int64).zero_()

    def forward(self, x):
        return self.model(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self(x)
        loss = F.cross_entropy(logits.flatten(0, 1), y.flatten(), ignore_index=-100)
        tail = logits[:, -1].detach().float()
        self._host_tail = torch.empty(tail.shape, dtype=tail.dtype, pin_memory=True)
        self._host_tail.copy_(tail, non_blocking=True)
        self._tokens_seen.add_(x.numel())
        self.log("train/loss", loss, prog_bar=True)
        return loss

    def on_train_batch_end(self, outputs, batch, batch_idx):
        if batch_idx % self.log_every == 0 and self._host_tail is not None:
            torch.cuda.current_stream().synchronize()
            ent = torch.distributions.Categorical(logits=self._host_tail).entropy().mean()
            self.log("train/last_token_entropy", float(ent))
            self.log("train/tokens", float(self._tokens_seen.item()))

    def validation_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self(x).flatten(0, 1), y.flatten(), ignore_index=-100)
        self.log("val/loss", loss, sync_dist=True)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr, weight_decay=0.1)
