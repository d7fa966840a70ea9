"""Torch dataset over the preprocessed .npz voxel files."""

import glob
import os

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class VoxelDataset(Dataset):
    def __init__(self, root):
        self.paths = sorted(glob.glob(os.path.join(root, "*.npz")))

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        z = np.load(self.paths[i])
        return torch.from_numpy(z["voxels"]), torch.from_numpy(z["coords"]), torch.from_numpy(z["counts"])


def collate_voxels(batch):
    voxels = torch.cat([v for v, _, _ in batch])
    coords = torch.cat([torch.stack([torch.full_like(c, b), c], 1) for b, (_, c, _) in enumerate(batch)])
    counts = torch.cat([n for _, _, n in batch])
    return voxels, coords, counts


def build_loader(root, batch_size=4, workers=8):
    return DataLoader(VoxelDataset(root), batch_size=batch_size, shuffle=True, num_workers=workers,
                      collate_fn=collate_voxels, pin_memory=True, persistent_workers=True)


def train(model, root, epochs=80, lr=3e-3):
    loader = build_loader(root)
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    for epoch in range(epochs):
        for voxels, coords, counts in loader:
            loss = model(voxels.cuda(non_blocking=True), coords.cuda(non_blocking=True),
                         counts.cuda(non_blocking=True))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
