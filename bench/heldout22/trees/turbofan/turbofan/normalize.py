"""Per-regime z-scoring of the sensor channels."""
from __future__ import annotations

import torch

from . import ops


class RegimeNormalizer:
    """Assigns every cycle to its flight regime and z-scores it with that regime's stats."""

    def __init__(self, n_regimes: int, n_sensors: int):
        self.n_regimes = n_regimes
        self.n_sensors = n_sensors
        self.centroids: torch.Tensor | None = None
        self.mean = torch.zeros(n_regimes, n_sensors)
        self.std = torch.ones(n_regimes, n_sensors)
        self._host: dict[int, torch.Tensor] = {}
        self._dev: dict[tuple[int, str], torch.Tensor] = {}

    def fit(self, settings: torch.Tensor, sensors: torch.Tensor) -> "RegimeNormalizer":
        self.centroids = ops.fit_regimes(settings, self.n_regimes)
        lab = self.assign(settings)
        for r in range(self.n_regimes):
            rows = sensors[lab == r]
            if len(rows) > 1:
                self.mean[r] = rows.mean(0)
                self.std[r] = rows.std(0).clamp_min(1e-6)
        self._host.clear()
        self._dev.clear()
        return self

    def assign(self, settings: torch.Tensor) -> torch.Tensor:
        c = self.centroids.to(settings.device)
        return torch.cdist(settings.reshape(-1, c.shape[1]), c).argmin(1).reshape(settings.shape[:-1])

    def _host_stats(self, regime: int) -> torch.Tensor:
        # [2, n_sensors]: row 0 mean, row 1 std. Built once per regime.
        buf = self._host.get(regime)
        if buf is None:
            buf = torch.empty(2, self.n_sensors, pin_memory=True)
            buf[0].copy_(self.mean[regime])
            buf[1].copy_(self.std[regime])
            self._host[regime] = buf
        return buf

    def stats_on(self, regime: int, device: torch.device) -> torch.Tensor:
        key = (regime, str(device))
        if key not in self._dev:
            self._dev[key] = self._host_stats(regime).to(device, non_blocking=True)
        return self._dev[key]

    def __call__(self, x: torch.Tensor, settings: torch.Tensor) -> torch.Tensor:
        lab = self.assign(settings)
        out = torch.empty_like(x)
        for r in lab.unique().tolist():
            st = self.stats_on(r, x.device)
            sel = lab == r
            out[sel] = (x[sel] - st[0]) / st[1]
        return out
