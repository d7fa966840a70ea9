from __future__ import annotations

from torch.utils.data import DataLoader

from .collate import PairCollate
from .config import LoaderCfg


def make_loader(ds, cfg: LoaderCfg, shuffle: bool) -> DataLoader:
    return DataLoader(ds, batch_size=cfg.batch_size, shuffle=shuffle, num_workers=cfg.num_workers,
                      collate_fn=PairCollate(), pin_memory=cfg.pin_memory, drop_last=shuffle)
