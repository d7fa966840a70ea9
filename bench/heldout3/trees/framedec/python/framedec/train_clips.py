"""Fine-tune a clip classifier on GOP tensors decoded by framedec."""

import argparse
import glob
import os

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class GopDataset(Dataset):
    """Clips pre-extracted by `python -m framedec.pipeline --dump`: one [T, H, W, 3] uint8 .npy per video."""

    def __init__(self, root, labels, frames=16):
        self.paths = sorted(glob.glob(os.path.join(root, "*.npy")))
        self.labels = labels
        self.frames = frames

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        clip = torch.from_numpy(np.load(self.paths[i], mmap_mode="r")[: self.frames].copy())
        clip = clip.permute(3, 0, 1, 2).float() / 255.0
        return clip, self.labels[os.path.splitext(os.path.basename(self.paths[i]))[0]]


def train(model, dataset, epochs, lr=1e-4, batch_size=8, workers=6):
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    for epoch in range(epochs):
        sampler = torch.utils.data.RandomSampler(dataset, generator=torch.Generator().manual_seed(epoch))
        loader = DataLoader(dataset, batch_size=batch_size, sampler=sampler, num_workers=workers,
                            pin_memory=True, drop_last=True)
        for clips, labels in loader:
            clips, labels = clips.cuda(non_blocking=True), labels.cuda(non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(clips), labels)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--labels", required=True)
    ap.add_argument("--epochs", type=int, default=10)
    args = ap.parse_args()
    labels = dict(line.split() for line in open(args.labels))
    labels = {k: int(v) for k, v in labels.items()}
    model = torch.hub.load("facebookresearch/pytorchvideo", "x3d_s", pretrained=True).cuda()
    train(model, GopDataset(args.root, labels), args.epochs)


if __name__ == "__main__":
    main()
