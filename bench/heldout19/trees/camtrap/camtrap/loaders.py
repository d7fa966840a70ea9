from __future__ import annotations

from torch.utils.data import DataLoader, Dataset

from .config import ALConfig


def make_train_loader(ds: Dataset, cfg: ALConfig) -> DataLoader:
    # Workers are re-spawned every epoch (no persistent_workers), so they see the indices
    # added to the LabelledSubset after each round.
    return DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, num_workers=cfg.workers,
                      pin_memory=True, drop_last=True)


def make_pool_loader(ds: Dataset, cfg: ALConfig) -> DataLoader:
    return DataLoader(ds, batch_size=cfg.pool_batch_size, shuffle=False, num_workers=cfg.workers,
                      pin_memory=True)
