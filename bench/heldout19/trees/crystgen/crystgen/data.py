from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset

from . import ops


@dataclass
class Crystal:
    formula: str
    frac: np.ndarray     # [n, 3]
    types: np.ndarray    # [n]
    lattice: np.ndarray  # [3, 3]


def load_records(root: Path, split: str) -> list[Crystal]:
    out = []
    with open(Path(root) / f"{split}.jsonl") as fh:
        for line in fh:
            r = json.loads(line)
            out.append(Crystal(r["formula"], np.asarray(r["frac"], np.float32),
                               np.asarray(r["types"], np.int64), np.asarray(r["lattice"], np.float32)))
    return out


class SupercellAugment:
    """Occasionally replaces a small cell by its 2x2x2 supercell."""

    def __init__(self, prob: float, max_atoms: int, reps: int = 2):
        self.prob = prob
        self.max_atoms = max_atoms
        self.reps = reps

    def __call__(self, frac, types):
        if random.random() < self.prob and frac.shape[0] * self.reps ** 3 <= self.max_atoms:
            return ops.supercell(frac, types, self.reps)
        return frac, types


class CrystalDataset(Dataset):
    def __init__(self, root: Path, split: str, transform=None):
        self.records = load_records(root, split)
        self.transform = transform

    def __len__(self) -> int:
        return len(self.records)

    def __getitem__(self, i: int) -> dict:
        c = self.records[i]
        frac = torch.from_numpy(c.frac)
        types = torch.from_numpy(c.types)
        if self.transform is not None:
            frac, types = self.transform(frac, types)
        return {"frac": frac, "types": types, "lattice": torch.from_numpy(c.lattice)}


def collate_crystals(samples: list[dict], max_atoms: int) -> dict:
    frac = torch.cat([s["frac"] for s in samples])
    types = torch.cat([s["types"] for s in samples]).clamp_(max=99)
    batch = torch.cat([torch.full((s["frac"].shape[0],), i, dtype=torch.long)
                       for i, s in enumerate(samples)])
    lattice = torch.stack([s["lattice"] for s in samples]).pin_memory()
    n_atoms = torch.tensor([min(s["frac"].shape[0], max_atoms) for s in samples])
    return {"frac": frac, "types": types, "batch": batch, "lattice": lattice, "n_atoms": n_atoms}
