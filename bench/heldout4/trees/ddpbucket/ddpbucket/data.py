from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def build_train_loader(dataset, batch_size, world_size, rank, workers=8):
    sampler = DistributedSampler(dataset, num_replicas=world_size, rank=rank, shuffle=True)
    return DataLoader(
        dataset,
        batch_size=batch_size,
        sampler=sampler,
        num_workers=workers,
        pin_memory=True,
        drop_last=True,
        persistent_workers=True,
    )


def build_eval_loader(dataset, batch_size, workers=4):
    return DataLoader(dataset, batch_size=batch_size, shuffle=False, num_workers=workers, pin_memory=True)
