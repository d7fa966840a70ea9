"""Streaming ray batches for the distributed variant (each rank draws its own rays)."""
import torch


def ray_batches(dataset, rays_per_batch, seed=0):
    gen = torch.Generator().manual_seed(seed)
    h, w = dataset.hw
    # one reusable index buffer for the whole stream
    idx_host = torch.empty((rays_per_batch, 3), dtype=torch.int64, pin_memory=True)
    while True:
        idx_host[:, 0] = torch.randint(0, len(dataset), (rays_per_batch,), generator=gen)
        idx_host[:, 1] = torch.randint(0, h, (rays_per_batch,), generator=gen)
        idx_host[:, 2] = torch.randint(0, w, (rays_per_batch,), generator=gen)
        imgs = torch.from_numpy(dataset.images)[idx_host[:, 0], idx_host[:, 1], idx_host[:, 2]]
        rgb = imgs.contiguous().pin_memory()
        yield idx_host.cuda(non_blocking=True), rgb.cuda(non_blocking=True)
