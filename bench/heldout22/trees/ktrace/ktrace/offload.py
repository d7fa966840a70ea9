"""Host-resident question-embedding table with per-step row gathering."""
from __future__ import annotations

import numpy as np
import torch


class SkillTableOffloader:
    """Keeps the [n_questions, dim] embedding table in host memory.

    `fetch` gathers the rows of the questions a step touches into a page-locked block
    and uploads them; encoder and decoder both call `fetch` within one step, so the
    gathered block is reused until `reset` marks the step as finished.
    """

    def __init__(self, path: str, device: torch.device):
        self.table = torch.from_numpy(np.load(path, mmap_mode="r")[:].astype(np.float32))
        self.dim = self.table.shape[1]
        self.device = device
        self._staged: torch.Tensor | None = None
        self._uniq: torch.Tensor | None = None
        self._dev: torch.Tensor | None = None

    @property
    def n_questions(self) -> int:
        return self.table.shape[0]

    def reset(self) -> None:
        self._staged = None
        self._dev = None

    def fetch(self, qids: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Returns (rows on device, index of every qid into those rows)."""
        if self._staged is None:
            uniq = qids.flatten().unique().cpu()
            self._staged = torch.empty(len(uniq), self.dim, pin_memory=True)
            torch.index_select(self.table, 0, uniq, out=self._staged)
            self._uniq = uniq
            self._dev = self._staged.to(self.device, non_blocking=True)
        idx = torch.searchsorted(self._uniq.to(qids.device), qids)
        return self._dev, idx

    def apply_update(self, grad_rows: torch.Tensor, lr: float) -> None:
        """Sparse SGD on the host table for the rows gathered this step."""
        self.table.index_add_(0, self._uniq, grad_rows.detach().cpu(), alpha=-lr)
