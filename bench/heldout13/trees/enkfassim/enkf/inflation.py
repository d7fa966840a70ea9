from __future__ import annotations

import numpy as np
import torch


class RTPSInflation:
    """Relaxation to prior spread (Whitaker and Hamill 2012)."""

    def __init__(self, cfg):
        self.alpha = cfg.rtps_alpha
        self._spread_host = None
        # prior spread of every sub-window step, kept for the whole run
        self.history = []
        for step in range(cfg.window_steps):
            self.history.append(torch.zeros(cfg.n_state, dtype=torch.float32).pin_memory())

    def prior_spread(self, ens: np.ndarray) -> torch.Tensor:
        if self._spread_host is None:
            self._spread_host = torch.empty(ens.shape[1], dtype=torch.float32, pin_memory=True)
        torch.std(torch.from_numpy(ens), dim=0, out=self._spread_host)
        self.history[0].copy_(self._spread_host)
        self.history.append(self.history.pop(0))
        return self._spread_host

    def apply(self, prior_spread: torch.Tensor, ens: np.ndarray) -> None:
        mean = ens.mean(axis=0)
        post = ens.std(axis=0) + 1e-6
        factor = 1.0 + self.alpha * (prior_spread.numpy() - post) / post
        ens[...] = mean + (ens - mean) * factor

    def reset(self) -> None:
        self._spread_host = None
