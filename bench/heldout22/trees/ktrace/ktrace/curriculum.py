"""Difficulty-bucketed curriculum sampler; bucket weights follow the model's loss."""
from __future__ import annotations

import numpy as np
import torch
from torch.utils.data import Sampler

from .dataset import InteractionDataset


class CurriculumSampler(Sampler[int]):
    def __init__(self, ds: InteractionDataset, n_buckets: int, seed: int = 0):
        diff = np.asarray([ds.difficulty(i) for i in range(len(ds))])
        edges = np.quantile(diff, np.linspace(0, 1, n_buckets + 1)[1:-1])
        self.bucket_of = np.digitize(diff, edges)
        self.members = [np.flatnonzero(self.bucket_of == b) for b in range(n_buckets)]
        self.weights: list[torch.Tensor] = [torch.ones(len(m)) / max(len(m), 1) for m in self.members]
        self.mix = torch.full((n_buckets,), 1.0 / n_buckets)
        self.gen = torch.Generator().manual_seed(seed)

    def __len__(self) -> int:
        return len(self.bucket_of)

    def __iter__(self):
        buckets = torch.multinomial(self.mix, len(self), replacement=True, generator=self.gen)
        for b in buckets.tolist():
            j = torch.multinomial(self.weights[b], 1, generator=self.gen).item()
            yield int(self.members[b][j])

    def refresh(self, losses: list[torch.Tensor]) -> None:
        """Re-weight sessions inside each bucket by their last-epoch loss (device tensors)."""
        weights = []
        for b, loss in enumerate(losses):
            w = torch.empty(loss.shape[0], pin_memory=True)
            w.copy_(torch.softmax(loss.detach().float(), 0), non_blocking=True)
            weights.append(w)
        torch.cuda.current_stream().synchronize()
        self.weights = weights
        self.mix = torch.stack([l.mean().cpu() for l in losses]).softmax(0)
