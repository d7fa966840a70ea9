from __future__ import annotations

from torch.utils.data import DataLoader

from .collate import pk_collate
from .dataset import CohortDataset


def build_train_loader(cfg) -> DataLoader:
    ds = CohortDataset(cfg.data.csv, "train")
    return DataLoader(ds, batch_size=cfg.data.batch_size, shuffle=True, collate_fn=pk_collate,
                      num_workers=cfg.loader.num_workers, pin_memory=cfg.loader.pin_memory,
                      persistent_workers=True)


def make_eval_loader(cfg, ds: CohortDataset) -> DataLoader:
    # evaluation order matters for the VPC plots, so no shuffling
    return DataLoader(ds, batch_size=2 * cfg.data.batch_size, shuffle=False,
                      collate_fn=pk_collate, num_workers=2, pin_memory=True)
