from __future__ import annotations

import torch
from torch.utils.data import DataLoader, Dataset


class SeedDataset(Dataset):
    def __init__(self, idx: torch.Tensor):
        self.idx = idx

    def __len__(self) -> int:
        return int(self.idx.numel())

    def __getitem__(self, i: int) -> int:
        return int(self.idx[i])


class SubgraphCollator:
    """collate_fn: samples the batch's computation graph and gathers its input features."""

    def __init__(self, sampler, store, labels: torch.Tensor):
        self.sampler = sampler
        self.store = store
        self.labels = labels

    def __call__(self, seeds: list[int]):
        seeds = torch.tensor(seeds, dtype=torch.long)
        block = self.sampler.sample(seeds)
        x = self.store.gather(block.n_id)
        return block, x, self.labels[seeds]


def make_loader(idx, collate, batch_size: int, shuffle: bool, workers: int) -> DataLoader:
    return DataLoader(
        SeedDataset(idx),
        batch_size=batch_size,
        shuffle=shuffle,
        num_workers=workers,
        collate_fn=collate,
        pin_memory=True,
        persistent_workers=workers > 0,
    )
