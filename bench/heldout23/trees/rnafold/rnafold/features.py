from __future__ import annotations

import numpy as np
import torch

from .buffers import pair_buffer
from .cudareg import register_msa

BASES = "ACGU"
CANONICAL = {("A", "U"): 2.0, ("U", "A"): 2.0, ("G", "C"): 3.0, ("C", "G"): 3.0, ("G", "U"): 0.8, ("U", "G"): 0.8}


def one_hot(seq: str) -> torch.Tensor:
    idx = torch.tensor([BASES.find(c) for c in seq.upper().replace("T", "U")])
    out = torch.zeros(len(seq), 4)
    valid = idx >= 0
    out[valid.nonzero(as_tuple=True)[0], idx[valid]] = 1.0
    return out


class Featurizer:
    """Sequence -> (one-hot, pairing-potential map[, MSA profile])."""

    def __init__(self, min_loop: int = 3, use_msa: bool = False):
        self.min_loop = min_loop
        self.use_msa = use_msa

    def encode(self, seq: str, msa_path: str | None = None) -> dict[str, torch.Tensor]:
        seq = seq.upper().replace("T", "U")
        L = len(seq)
        pot = pair_buffer(L)
        pot.zero_()
        for i in range(L):
            for j in range(i + self.min_loop + 1, L):
                e = CANONICAL.get((seq[i], seq[j]))
                if e is not None:
                    pot[i, j] = pot[j, i] = e
        feats = {"onehot": one_hot(seq), "potential": pot}
        if self.use_msa and msa_path is not None:
            feats["msa"] = register_msa(np.load(msa_path))
        return feats
