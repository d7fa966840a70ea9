"""Smoothing prior on the friction update, applied on the GPU."""

from __future__ import annotations

import numpy as np
import torch


class Smoothness:
    def __init__(self, n_nodes: int, weight: float, device: str = "cuda"):
        self.weight = weight
        self.device = device
        self._host = torch.empty(n_nodes, dtype=torch.float64, pin_memory=True)
        self._dev = torch.empty(n_nodes, dtype=torch.float64, device=device)

    def __call__(self, grad: np.ndarray) -> np.ndarray:
        self._host.numpy()[:] = grad
        self._dev.copy_(self._host, non_blocking=True)
        g = self._dev
        lap = torch.roll(g, 1) + torch.roll(g, -1) - 2.0 * g
        out = g - self.weight * lap
        self._host.copy_(out)
        return self._host.numpy().copy()
