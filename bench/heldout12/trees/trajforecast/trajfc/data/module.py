from __future__ import annotations

from torch.utils.data import DataLoader

from .collate import pad_collate
from .dataset import TrajectoryDataset


class TrajDataModule:
    def __init__(self, cfg):
        self.cfg = cfg
        self.train_set = None
        self.val_set = None
        self._train_loader = None

    def setup(self) -> None:
        c = self.cfg
        self.train_set = TrajectoryDataset(c.root, "train", c.hist_len, c.fut_len, c.max_agents)
        self.val_set = TrajectoryDataset(c.root, "val", c.hist_len, c.fut_len, c.max_agents)

    def train_dataloader(self) -> DataLoader:
        # the trainer asks every epoch; the loader (and its persistent workers) is built once
        if self._train_loader is None:
            self._train_loader = DataLoader(
                self.train_set,
                batch_size=self.cfg.batch_size,
                shuffle=True,
                num_workers=self.cfg.num_workers,
                collate_fn=pad_collate,
                pin_memory=self.cfg.pin_memory,
                persistent_workers=self.cfg.num_workers > 0,
                drop_last=True,
            )
        return self._train_loader

    def val_dataloader(self) -> DataLoader:
        return DataLoader(self.val_set, batch_size=self.cfg.batch_size, collate_fn=pad_collate, num_workers=2)
