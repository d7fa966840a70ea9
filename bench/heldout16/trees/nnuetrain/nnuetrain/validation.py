"""Validation: held-out binpack loss, and a fixed sanity suite of positions."""
from __future__ import annotations

import torch
from torch.utils.data import DataLoader, Dataset

from .fen_data import MAX_ACTIVE, encode


class SuiteDataset(Dataset):
    def __init__(self, fens: list[tuple[str, float]]):
        self.fens = fens

    def __len__(self):
        return len(self.fens)

    def __getitem__(self, i):
        fen, target = self.fens[i]
        w, b, us = encode(fen)
        pad = lambda v: torch.tensor(v + [-1] * (MAX_ACTIVE - len(v)), dtype=torch.int32)  # noqa: E731
        return {"white": pad(w), "black": pad(b), "us": torch.tensor([us]), "target": torch.tensor([target])}


def make_suite_loader(fens: list[tuple[str, float]], batch_size: int = 256) -> DataLoader:
    return DataLoader(SuiteDataset(fens), batch_size=batch_size, pin_memory=True)


def running_loss(model, loader, device):
    """Generator of the running mean loss over a loader (for progress bars)."""
    acc = torch.zeros(2, dtype=torch.float64, pin_memory=True)
    for batch in loader:
        with torch.no_grad():
            pred = model({k: v.to(device, non_blocking=True) for k, v in batch.items()})
        acc[0] += float((pred - batch["target"].to(device)).abs().mean())
        acc[1] += 1
        yield float(acc[0] / acc[1])


@torch.no_grad()
def evaluate_positions(model, fens: list[str], device) -> list[float]:
    """Evaluate positions one at a time (engine-style, batch of one) for the sanity report."""
    out = []
    for fen in fens:
        w, b, us = encode(fen)
        padded = [w + [-1] * (MAX_ACTIVE - len(w)), b + [-1] * (MAX_ACTIVE - len(b))]
        row = torch.tensor(padded, dtype=torch.int32).pin_memory()
        row = row.to(device, non_blocking=True)
        n = int((row[0] >= 0).sum())
        batch = {"white": row[:1], "black": row[1:], "white_values": (row[:1] >= 0).float(),
                 "black_values": (row[1:] >= 0).float(), "us": torch.tensor([[us]], device=device),
                 "psqt": torch.tensor([(n - 1) // 4], device=device), "stack": torch.tensor([(n - 1) // 4], device=device)}
        out.append(float(model(batch)))
    return out
