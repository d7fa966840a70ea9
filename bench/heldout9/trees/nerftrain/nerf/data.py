import json
import os

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class RayDataset(Dataset):
    def __init__(self, root, split="train", downscale=1):
        with open(os.path.join(root, f"transforms_{split}.json")) as fh:
            meta = json.load(fh)
        self.poses = np.stack([np.array(f["transform_matrix"], dtype=np.float32) for f in meta["frames"]])
        self.focal = 0.5 * 800 / np.tan(0.5 * meta["camera_angle_x"]) / downscale
        self.hw = (800 // downscale, 800 // downscale)
        self.images = np.zeros((len(self.poses), *self.hw, 3), dtype=np.float32)

    def __len__(self):
        return len(self.poses)

    def __getitem__(self, idx):
        return torch.from_numpy(self.images[idx]), torch.from_numpy(self.poses[idx])


def build_loader(dataset, cfg):
    return DataLoader(
        dataset,
        batch_size=1,
        shuffle=True,
        num_workers=cfg.num_workers,
        pin_memory=cfg.pin_memory,
        persistent_workers=True,
    )


def prepare_rays(origins, dirs, rgb):
    """Pack one ray batch into a single host tensor for a single H2D copy."""
    n = origins.shape[0]
    packed = torch.empty((n, 9), dtype=torch.float32, pin_memory=True)
    packed[:, 0:3] = origins
    packed[:, 3:6] = dirs
    packed[:, 6:9] = rgb
    return packed


class RaySampler:
    """Samples random rays across all training images."""

    def __init__(self, dataset, rays_per_batch):
        self.dataset = dataset
        self.n = rays_per_batch
        self.pool = torch.empty((rays_per_batch, 9), dtype=torch.float32, pin_memory=True)
        self.rng = np.random.default_rng(0)

    def _draw(self):
        h, w = self.dataset.hw
        img = self.rng.integers(0, len(self.dataset), self.n)
        ys = self.rng.integers(0, h, self.n)
        xs = self.rng.integers(0, w, self.n)
        dirs = np.stack([(xs - w * 0.5) / self.dataset.focal, -(ys - h * 0.5) / self.dataset.focal,
                         -np.ones(self.n)], -1).astype(np.float32)
        rot = self.dataset.poses[img, :3, :3]
        d = torch.from_numpy(np.einsum("nij,nj->ni", rot, dirs))
        o = torch.from_numpy(self.dataset.poses[img, :3, 3].copy())
        rgb = torch.from_numpy(self.dataset.images[img, ys, xs])
        return o, d, rgb

    def sample(self, step):
        o, d, rgb = self._draw()
        batch = prepare_rays(o, d, rgb)
        return batch.cuda(non_blocking=True)

    def sample_into_pool(self):
        o, d, rgb = self._draw()
        self.pool[:, 0:3] = o
        self.pool[:, 3:6] = d
        self.pool[:, 6:9] = rgb
        return self.pool.cuda(non_blocking=True)
