from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset

from .vocab import gloss_vocab


class SignClips(Dataset):
    def __init__(self, root: str, split: str, max_frames: int):
        self.items = json.loads((Path(root) / f"{split}.json").read_text())
        self.root = Path(root)
        self.max_frames = max_frames
        self.vocab, _ = gloss_vocab(str(self.root / "glosses.txt"))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        it = self.items[i]
        kp = np.load(self.root / it["kp"])[: self.max_frames].astype(np.float32)
        labels = [self.vocab.get(g, 0) for g in it["glosses"]]
        return torch.from_numpy(kp), torch.tensor(labels, dtype=torch.long)
