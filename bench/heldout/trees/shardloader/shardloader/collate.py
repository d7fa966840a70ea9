"""Collate functions that hand the DataLoader batches already sitting in pinned memory."""

from __future__ import annotations

from typing import Any, Sequence

import torch

from .memory import HostStaging, alloc_pinned


class PinnedCollate:
    """Stack samples of identical shape straight into a pinned batch tensor.

    Used instead of ``DataLoader(pin_memory=True)`` so the copy into pinned memory happens
    once, while stacking, rather than twice.
    """

    def __init__(self, key: str = "image", label_key: str = "label") -> None:
        self.key = key
        self.label_key = label_key

    def __call__(self, samples: Sequence[dict[str, Any]]) -> dict[str, torch.Tensor]:
        first = samples[0][self.key]
        out = alloc_pinned((len(samples), *first.shape), dtype=first.dtype)
        for i, s in enumerate(samples):
            out[i].copy_(s[self.key])
        labels = torch.as_tensor([s[self.label_key] for s in samples], dtype=torch.int64)
        return {self.key: out, self.label_key: labels}


class StackCollate:
    """Variable-length token batches padded into one reusable pinned staging area."""

    def __init__(self, pad_id: int = 0, max_tokens_hint: int = 0) -> None:
        self.pad_id = pad_id
        self.staging = HostStaging(max_tokens_hint * 8)

    def __call__(self, samples: Sequence[torch.Tensor]) -> torch.Tensor:
        longest = max(int(s.numel()) for s in samples)
        n = len(samples) * longest
        batch = self.staging.view(n * 8, torch.int64, (len(samples), longest))
        batch.fill_(self.pad_id)
        for i, s in enumerate(samples):
            batch[i, : s.numel()].copy_(s)
        return batch
