"""Batch feeder for a DLRM-style model with a CPU-resident embedding table.

The table is too large for the GPU, so each batch gathers its rows on the host into a
shared pinned workspace (reserved once here) and ships them with one copy; the dense
features and labels go through the extension's staging calls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

import torch

from . import _C


@dataclass
class DeviceBatch:
    dense: torch.Tensor
    sparse_rows: torch.Tensor
    labels: torch.Tensor


class EmbeddingFeeder:
    def __init__(self, table: torch.Tensor, max_batch_ids: int, device: int = 0) -> None:
        if table.dim() != 2 or table.device.type != "cpu":
            raise ValueError("table must be a 2-D CPU tensor")
        self.table = table
        self.device = device
        row_bytes = table.size(1) * table.element_size()
        _C.reserve_workspace(max_batch_ids * row_bytes)
        # Row norms are used by every batch for max-norm clipping; upload them once.
        self.row_norms = _C.stage(table.norm(dim=1), device)

    def to_device(self, dense: torch.Tensor, ids: torch.Tensor, labels: torch.Tensor) -> DeviceBatch:
        return DeviceBatch(
            dense=_C.stage(dense, self.device),
            sparse_rows=_C.gather_rows(self.table, ids, self.device),
            labels=_C.upload_inplace(labels.contiguous(), self.device),
        )

    def feed(self, batches: Iterable[tuple[torch.Tensor, torch.Tensor, torch.Tensor]]) -> Iterator[DeviceBatch]:
        for dense, ids, labels in batches:
            yield self.to_device(dense, ids, labels)
