from __future__ import annotations

from torch.utils.data import DataLoader

from .config import TrainConfig
from .data import SharpPatchDataset, make_collate


def build_train_loader(cfg: TrainConfig) -> DataLoader:
    ds = SharpPatchDataset(cfg.index, cfg.patch_root, "train")
    return DataLoader(
        ds,
        batch_size=cfg.batch_size,
        shuffle=True,
        drop_last=True,
        num_workers=cfg.num_workers,
        persistent_workers=cfg.num_workers > 0,
        pin_memory=True,
        collate_fn=make_collate(cfg.patch_size),
    )


def build_eval_loader(cfg: TrainConfig, split: str = "val") -> DataLoader:
    ds = SharpPatchDataset(cfg.index, cfg.patch_root, split)
    return DataLoader(
        ds,
        batch_size=cfg.batch_size * 2,
        shuffle=False,
        num_workers=cfg.num_workers,
        pin_memory=True,
        collate_fn=make_collate(cfg.patch_size),
    )
