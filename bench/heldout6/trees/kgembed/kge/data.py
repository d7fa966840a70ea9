import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class TripleDataset(Dataset):
    def __init__(self, path, bucket=None):
        self.triples = np.load(path)
        if bucket is not None:
            self.triples = self.triples[bucket]

    def __len__(self):
        return len(self.triples)

    def __getitem__(self, i):
        return torch.from_numpy(self.triples[i].astype(np.int64))


def make_loader(dataset, batch_size, workers=4):
    return DataLoader(dataset, batch_size=batch_size, shuffle=True, num_workers=workers, pin_memory=True)
