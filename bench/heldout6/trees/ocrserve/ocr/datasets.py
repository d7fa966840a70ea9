import os

import numpy as np
import torch
from torch.utils.data import Dataset


class CropDataset(Dataset):
    def __init__(self, root, epoch=0):
        self.items = sorted(os.listdir(root))
        rng = np.random.default_rng(epoch)
        rng.shuffle(self.items)
        self.root = root

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        d = np.load(os.path.join(self.root, self.items[i]))
        return torch.from_numpy(d["img"]).float()[None], torch.from_numpy(d["label"]).long()

    @staticmethod
    def collate(batch):
        imgs = torch.stack([b[0] for b in batch])
        labels = [b[1] for b in batch]
        return (imgs, torch.cat(labels), torch.full((len(batch),), imgs.shape[-1] // 4, dtype=torch.long),
                torch.tensor([len(x) for x in labels]))
