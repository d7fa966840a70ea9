from __future__ import annotations

import torch
from torch.utils.data import Dataset


class ReactionDataset(Dataset):
    """Product fingerprints (packed bit indices) and the id of the template that produced them."""

    def __init__(self, path: str):
        blob = torch.load(path, map_location="cpu")
        self.on_bits: list[torch.Tensor] = blob["on_bits"]
        self.template: torch.Tensor = blob["template"]
        self.n_reactants: torch.Tensor = blob["n_reactants"]

    def __len__(self) -> int:
        return len(self.on_bits)

    def __getitem__(self, i: int):
        return self.on_bits[i], int(self.template[i]), int(self.n_reactants[i])


def collate_reactions(items):
    """Ragged on-bit lists -> (flat indices, offsets) for EmbeddingBag, plus targets."""
    lengths = torch.tensor([len(b) for b, _, _ in items], dtype=torch.long)
    offsets = torch.zeros_like(lengths)
    offsets[1:] = torch.cumsum(lengths[:-1], 0)
    flat = torch.cat([b for b, _, _ in items])
    packed = torch.cat([offsets, flat]).pin_memory()
    n_reactants = torch.tensor([r for _, _, r in items], dtype=torch.long)
    targets = torch.tensor([t for _, t, _ in items], dtype=torch.long)
    return packed, len(items), n_reactants, targets
