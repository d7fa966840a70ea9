"""A small scVI-style VAE trained with Lightning on raw counts."""
from __future__ import annotations

import lightning.pytorch as pl
import torch
from torch import nn
from torch.distributions import NegativeBinomial, Normal, kl_divergence
from torch.utils.data import DataLoader

from scclust.config import TrainConfig
from scclust.model.dataset import CellDataset


class ScviLite(pl.LightningModule):
    def __init__(self, n_genes: int, n_latent: int = 10, n_hidden: int = 128, lr: float = 1e-3) -> None:
        super().__init__()
        self.save_hyperparameters()
        self.enc = nn.Sequential(nn.Linear(n_genes, n_hidden), nn.ReLU(), nn.Linear(n_hidden, 2 * n_latent))
        self.dec = nn.Sequential(nn.Linear(n_latent, n_hidden), nn.ReLU(), nn.Linear(n_hidden, n_genes))
        self.log_theta = nn.Parameter(torch.zeros(n_genes))

    def forward(self, x):
        h = self.enc(torch.log1p(x))
        mu, logv = h.chunk(2, dim=-1)
        return mu, logv

    def training_step(self, batch, batch_idx):
        x, lib = batch["x"], batch["library"]
        mu, logv = self(x)
        q = Normal(mu, torch.exp(0.5 * logv))
        z = q.rsample()
        rate = torch.softmax(self.dec(z), dim=-1) * torch.exp(lib)[:, None]
        theta = torch.exp(self.log_theta)
        nb = NegativeBinomial(total_count=theta, logits=torch.log(rate + 1e-8) - torch.log(theta))
        rec = -nb.log_prob(x).sum(-1)
        kl = kl_divergence(q, Normal(torch.zeros_like(mu), torch.ones_like(mu))).sum(-1)
        loss = (rec + kl).mean()
        self.log("train_loss", loss, prog_bar=True)
        return {"loss": loss, "z": mu.detach()}

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.hparams.lr)


class CellDataModule(pl.LightningDataModule):
    def __init__(self, csr, cfg: TrainConfig) -> None:
        super().__init__()
        self.csr = csr
        self.cfg = cfg
        self.ds: CellDataset | None = None

    def setup(self, stage: str | None = None) -> None:
        self.ds = CellDataset(self.csr)

    def train_dataloader(self) -> DataLoader:
        return DataLoader(
            self.ds,
            batch_size=self.cfg.batch_size,
            shuffle=True,
            num_workers=self.cfg.num_workers,
            pin_memory=self.cfg.pin_memory,
            persistent_workers=self.cfg.num_workers > 0,
        )


class LatentLogger(pl.Callback):
    """Collects the latent means of every training batch on the host."""

    def __init__(self) -> None:
        self.latents: list[torch.Tensor] = []

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx) -> None:
        z = outputs["z"]
        host = torch.empty(z.shape, dtype=z.dtype, pin_memory=True)
        host.copy_(z, non_blocking=True)
        self.latents.append(host)


def train_vae(csr, cfg: TrainConfig) -> ScviLite:
    model = ScviLite(csr.shape[1], cfg.n_latent, cfg.n_hidden, cfg.lr)
    callbacks = [LatentLogger()] if cfg.log_latents else []
    trainer = pl.Trainer(max_epochs=cfg.max_epochs, accelerator="gpu", devices=1, callbacks=callbacks)
    trainer.fit(model, datamodule=CellDataModule(csr, cfg))
    return model
