"""Batch seed nodes and labels for the DataLoader; sampling happens on the main process."""

import numpy as np
import torch


def collate_subgraphs(items):
    seeds = np.fromiter((i for i, _ in items), dtype=np.int64, count=len(items))
    labels = np.fromiter((y for _, y in items), dtype=np.int64, count=len(items))
    packed = torch.from_numpy(np.stack([seeds, labels])).pin_memory()
    return packed[0], packed[1]


class SeedDataset(torch.utils.data.Dataset):
    def __init__(self, node_ids, labels):
        self.node_ids = np.asarray(node_ids)
        self.labels = np.asarray(labels)

    def __len__(self):
        return len(self.node_ids)

    def __getitem__(self, i):
        n = int(self.node_ids[i])
        return n, int(self.labels[n])
