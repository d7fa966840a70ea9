import os

import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms


class CaptionDataset(Dataset):
    def __init__(self, root, resolution):
        self.items = sorted(f[:-4] for f in os.listdir(root) if f.endswith(".txt"))
        self.root = root
        self.tf = transforms.Compose([transforms.Resize(resolution), transforms.CenterCrop(resolution),
                                      transforms.ToTensor(), transforms.Normalize([0.5], [0.5])])

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        stem = os.path.join(self.root, self.items[i])
        with open(stem + ".txt") as fh:
            caption = fh.read().strip()
        return self.tf(Image.open(stem + ".jpg").convert("RGB")), caption


def make_dataloader(cfg):
    ds = CaptionDataset(cfg.data_dir, cfg.resolution)
    return DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, drop_last=True,
                      num_workers=cfg.num_workers, pin_memory=cfg.pin_memory)
