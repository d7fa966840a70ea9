"""Torch-side loader for the supervised fine-tuning set (waveform, label)."""
import torch
from torch.utils.data import DataLoader


def collate_waveforms(items):
    lens = torch.tensor([len(x) for x, _ in items])
    out = torch.zeros(len(items), int(lens.max()))
    for i, (x, _) in enumerate(items):
        out[i, : len(x)] = torch.from_numpy(x)
    labels = torch.tensor([y for _, y in items])
    return out.pin_memory(), lens, labels


def make_loader(dataset, batch_size, workers=4):
    return DataLoader(
        dataset,
        batch_size=batch_size,
        shuffle=True,
        num_workers=workers,
        collate_fn=collate_waveforms,
        pin_memory=True,
        persistent_workers=True,
    )
