"""Per-hit lattice indexing by random basis trials (a dirax-like search)."""
from __future__ import annotations

import numpy as np
import torch


def _score(basis: torch.Tensor, q: torch.Tensor, tol: float) -> float:
    hkl = q @ torch.linalg.inv(basis)
    err = (hkl - hkl.round()).abs().amax(dim=1)
    return float((err < tol).float().mean())


def index_frame(peaks_q: np.ndarray, cell: np.ndarray, n_trials: int = 64, tol: float = 0.1):
    q = torch.as_tensor(peaks_q, device="cuda")
    best, best_score = None, 0.0
    gen = torch.Generator().manual_seed(len(peaks_q))
    for _trial in range(n_trials):
        rot = torch.empty((3, 3), dtype=torch.float32, pin_memory=True)
        rot.copy_(torch.linalg.qr(torch.randn(3, 3, generator=gen))[0])
        basis = rot.to("cuda", non_blocking=True) @ torch.as_tensor(cell, device="cuda")
        s = _score(basis, q, tol)
        if s > best_score:
            best, best_score = basis, s
    return best, best_score
