"""Optimisation-trace recorder for the planner debug UI."""
from __future__ import annotations

import collections

import torch


class TrajectoryRecorder:
    """Callback for TrajOptimizer: keeps the best seed of the last N iterations on the host."""

    def __init__(self, keep: int = 50):
        self.trace = collections.deque(maxlen=keep)

    def __call__(self, it: int, traj: torch.Tensor, cost: torch.Tensor) -> None:
        best = traj[int(cost.argmin())]
        host = torch.empty(best.shape, dtype=best.dtype, pin_memory=True)
        host.copy_(best, non_blocking=True)
        self.trace.append((it, host))
