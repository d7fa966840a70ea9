"""Train the attention-MIL head on pre-extracted tile features (one .pt bag per slide)."""
import argparse
from pathlib import Path

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

from wsipath.mil import AttentionMIL


class Bags(Dataset):
    def __init__(self, root: str, labels: dict):
        self.files = sorted(Path(root).glob("*.pt"))
        self.labels = labels

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        return torch.load(self.files[i]), self.labels[self.files[i].stem]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("features")
    ap.add_argument("labels_csv")
    ap.add_argument("--epochs", type=int, default=30)
    args = ap.parse_args()
    labels = dict(line.strip().split(",") for line in open(args.labels_csv))
    labels = {k: int(v) for k, v in labels.items()}
    loader = DataLoader(Bags(args.features, labels), batch_size=None, shuffle=True, num_workers=4, pin_memory=True)
    model = AttentionMIL().cuda()
    opt = torch.optim.AdamW(model.parameters(), lr=2e-4, weight_decay=1e-4)
    for epoch in range(args.epochs):
        for bag, y in loader:
            logits, _ = model(bag.cuda(non_blocking=True))
            loss = F.cross_entropy(logits[None], torch.tensor([y], device="cuda"))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}")
    torch.save(model.state_dict(), "abmil.pt")


if __name__ == "__main__":
    main()
