from __future__ import annotations

import torch


class EmbeddingCache:
    """Embedding table in mapped host memory with a host-side SGD update."""

    def __init__(self, rows: int, dim: int, device: str = "cuda"):
        self.table = torch.classes.embcache.HostTable(rows, dim)
        self.staging = torch.ops.embcache.make_staging(1 << 16, dim)
        self.rows = rows
        self.device = device

    def ensure_rows(self, n: int) -> None:
        if n > self.rows:
            new_rows = max(n, 2 * self.rows)
            self.table.grow(new_rows)
            self.rows = new_rows

    def lookup(self, ids: torch.Tensor) -> torch.Tensor:
        rows = torch.ops.embcache.gather_rows(self.table.view(), ids.cpu())
        return rows.to(self.device, non_blocking=True)

    @torch.no_grad()
    def apply_grad(self, ids: torch.Tensor, grad: torch.Tensor, lr: float) -> None:
        n = ids.numel()
        self.staging[:n].copy_(grad, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        self.table.view().index_add_(0, ids.cpu(), self.staging[:n], alpha=-lr)
