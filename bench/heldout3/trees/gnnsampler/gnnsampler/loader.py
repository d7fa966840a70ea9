from torch.utils.data import DataLoader, RandomSampler
import torch

from .collate import SeedDataset, collate_subgraphs


def make_loader(node_ids, labels, batch_size, epoch, workers=2):
    """Seed loader for one epoch; the generator is re-seeded so epochs are reproducible."""
    ds = SeedDataset(node_ids, labels)
    sampler = RandomSampler(ds, generator=torch.Generator().manual_seed(1234 + epoch))
    return DataLoader(ds, batch_size=batch_size, sampler=sampler, num_workers=workers,
                      collate_fn=collate_subgraphs, pin_memory=True, persistent_workers=False)
