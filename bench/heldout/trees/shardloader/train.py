"""Train a small classifier on binary shards.

    python train.py --train /data/shards/train --val /data/shards/val --epochs 10
"""

from __future__ import annotations

import argparse
import time

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from shardloader import ShardStream, alloc_pinned

RECORD = 3 * 64 * 64


def build_model(num_classes: int) -> nn.Module:
    return nn.Sequential(nn.Flatten(), nn.Linear(RECORD, 512), nn.ReLU(), nn.Linear(512, num_classes))


def prepare_targets(val_set: TensorDataset, chunk: int) -> list[torch.Tensor]:
    """Split the validation labels into chunks ready for non-blocking upload."""
    labels = val_set.tensors[1]
    return [labels[i : i + chunk].pin_memory() for i in range(0, len(labels), chunk)]


def decode(batch: tuple[torch.Tensor, list]) -> torch.Tensor:
    rec, _ = batch
    return rec.float().div_(255.0).view(-1, 3, 64, 64)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", required=True)
    ap.add_argument("--val", required=True)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--classes", type=int, default=100)
    args = ap.parse_args()

    dev = torch.device("cuda")
    model = build_model(args.classes).to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    loss_fn = nn.CrossEntropyLoss()

    train_loader = DataLoader(
        ShardStream(args.train, RECORD),
        batch_size=args.batch_size,
        num_workers=8,
        pin_memory=True,
        persistent_workers=True,
    )
    val_data = torch.load(f"{args.val}/val.pt")
    val_set = TensorDataset(val_data["x"], val_data["y"])
    label_buf = alloc_pinned((args.batch_size,), dtype=torch.int64)

    first_batch = None
    for epoch in range(args.epochs):
        model.train()
        t0 = time.time()
        for step, batch in enumerate(train_loader):
            if step == 0 and epoch == 0:
                first_batch = decode(batch).pin_memory()
            x = decode(batch).to(dev, non_blocking=True)
            ys = torch.as_tensor([m["label"] for m in batch[1]])
            label_buf[: len(ys)].copy_(ys)
            y = label_buf[: len(ys)].to(dev, non_blocking=True)
            loss = loss_fn(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()

        model.eval()
        val_loader = DataLoader(val_set, batch_size=args.batch_size, pin_memory=True)
        targets = prepare_targets(val_set, args.batch_size)
        correct = 0
        with torch.no_grad():
            for (x, _), y in zip(val_loader, targets):
                pred = model(x.to(dev, non_blocking=True)).argmax(1)
                correct += int((pred == y.to(dev, non_blocking=True)).sum())
        print(f"epoch {epoch}: val acc {correct / len(val_set):.4f} ({time.time() - t0:.1f}s)")

    if first_batch is not None:
        torch.save(first_batch, "first_batch.pt")


if __name__ == "__main__":
    main()
