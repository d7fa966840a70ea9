import argparse
import glob
import os

import torch
from torch.utils.data import DataLoader, Dataset

from ttsvocoder.model import Vocoder


class MelWavDataset(Dataset):
    def __init__(self, root, segment=8192):
        self.items = sorted(glob.glob(os.path.join(root, "*.pt")))
        self.segment = segment

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        d = torch.load(self.items[i])
        return d["mel"], d["wav"][: self.segment]


def build_loader(root, batch_size, workers):
    ds = MelWavDataset(root)
    return DataLoader(ds, batch_size=batch_size, shuffle=True, num_workers=workers,
                      pin_memory=True, drop_last=True, persistent_workers=False)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True)
    p.add_argument("--epochs", type=int, default=100)
    p.add_argument("--bs", type=int, default=16)
    p.add_argument("--workers", type=int, default=4)
    a = p.parse_args()
    model = Vocoder().cuda()
    opt = torch.optim.AdamW(model.parameters(), 2e-4, betas=(0.8, 0.99))
    for epoch in range(a.epochs):
        loader = build_loader(a.data, a.bs, a.workers)
        for mel, wav in loader:
            mel, wav = mel.cuda(non_blocking=True), wav.cuda(non_blocking=True)
            loss = torch.nn.functional.l1_loss(model(mel).squeeze(1)[..., : wav.shape[-1]], wav)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(epoch, float(loss))


if __name__ == "__main__":
    main()
