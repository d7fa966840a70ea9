"""Observation operators H: model state -> observation space."""
from __future__ import annotations

import numpy as np
import torch

OBS_OPERATORS: dict[str, type] = {}


def register(name: str):
    def deco(cls):
        OBS_OPERATORS[name] = cls
        return cls
    return deco


@register("radiosonde")
class RadiosondeOperator:
    def __init__(self, cfg):
        self.n_state = cfg.n_state

    def __call__(self, ens: np.ndarray, obs) -> torch.Tensor:
        return torch.from_numpy(ens[:, obs.columns])


@register("aircraft")
class AircraftOperator(RadiosondeOperator):
    pass


@register("gnss_ro")
class GnssRoOperator:
    """Bending-angle forward operator along the tangent-point column."""

    def __init__(self, cfg):
        self.levels = 60

    def make_bending_buffer(self, nmem: int, nobs: int) -> torch.Tensor:
        return torch.empty((nmem, nobs), dtype=torch.float32, pin_memory=True)

    def __call__(self, ens: np.ndarray, obs) -> torch.Tensor:
        out = self.make_bending_buffer(ens.shape[0], len(obs.columns))
        refr = ens[:, obs.columns] * 1e-6
        out.copy_(torch.from_numpy(np.log1p(np.abs(refr)).astype(np.float32)))
        return out
