"""Replay buffer and the training DataLoader."""
from __future__ import annotations

import collections
import random
import threading

import torch
from torch.utils.data import DataLoader, Dataset


class ReplayBuffer(Dataset):
    def __init__(self, capacity: int = 500_000):
        self.items = collections.deque(maxlen=capacity)
        self.lock = threading.Lock()

    def put(self, sample):
        with self.lock:
            self.items.append(sample)

    def __len__(self):
        return max(len(self.items), 1)

    def __getitem__(self, idx):
        with self.lock:
            pos, pol = self.items[random.randrange(len(self.items))]
        return pos.float(), pol.flatten()


def collate_positions(samples):
    planes = torch.stack([s[0] for s in samples]).unsqueeze(1)
    policies = torch.stack([s[1] for s in samples])
    return planes.pin_memory(), policies


def make_loader(buffer: ReplayBuffer, batch_size: int, num_workers: int, pin_memory: bool):
    return DataLoader(
        buffer,
        batch_size=batch_size,
        shuffle=True,
        num_workers=num_workers,
        pin_memory=pin_memory,
        collate_fn=collate_positions,
        persistent_workers=num_workers > 0,
        drop_last=True,
    )
