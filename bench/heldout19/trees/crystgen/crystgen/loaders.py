from __future__ import annotations

from functools import partial

from torch.utils.data import DataLoader

from .config import TrainConfig
from .data import CrystalDataset, SupercellAugment, collate_crystals


def _dataset(cfg: TrainConfig, split: str, train: bool) -> CrystalDataset:
    transform = None
    if train and cfg.supercell_prob > 0:
        transform = SupercellAugment(cfg.supercell_prob, cfg.max_atoms)
    return CrystalDataset(cfg.data_root, split, transform)


def make_train_loader(cfg: TrainConfig) -> DataLoader:
    return DataLoader(
        _dataset(cfg, "train", train=True),
        batch_size=cfg.batch_size,
        shuffle=True,
        num_workers=cfg.workers,
        pin_memory=True,
        persistent_workers=cfg.workers > 0,
        collate_fn=partial(collate_crystals, max_atoms=cfg.max_atoms),
        drop_last=True,
    )


def make_eval_loader(cfg: TrainConfig) -> DataLoader:
    return DataLoader(
        _dataset(cfg, "val", train=False),
        batch_size=cfg.eval_batch_size,
        shuffle=False,
        num_workers=2,
        pin_memory=True,
        collate_fn=partial(collate_crystals, max_atoms=cfg.max_atoms),
    )
