from __future__ import annotations

from dataclasses import dataclass, field

import torch


@dataclass
class EpochBuffer:
    """Confusion counts for one training epoch, accumulated on the host without a sync."""

    n_classes: int
    confusion: torch.Tensor = field(init=False)
    seen: int = 0

    def __post_init__(self):
        self.confusion = torch.zeros((self.n_classes, self.n_classes), dtype=torch.int64, pin_memory=True)

    def update(self, pred: torch.Tensor, target: torch.Tensor) -> None:
        idx = (target * self.n_classes + pred).cpu()
        self.confusion.view(-1).index_add_(0, idx, torch.ones_like(idx))
        self.seen += int(idx.numel())

    def kappa(self) -> float:
        c = self.confusion.double()
        n = c.sum()
        if n == 0:
            return 0.0
        po = c.diag().sum() / n
        pe = (c.sum(0) * c.sum(1)).sum() / n**2
        return float((po - pe) / (1 - pe + 1e-12))

    def reset(self) -> None:
        self.confusion.zero_()
        self.seen = 0
