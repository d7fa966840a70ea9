from __future__ import annotations

import contextlib
from dataclasses import dataclass

import numpy as np
import torch


@dataclass(frozen=True)
class LambdaWindow:
    index: int
    lam_elec: float
    lam_vdw: float
    alpha: float
    beta: float

    def per_atom_params(self, n_atoms: int) -> np.ndarray:
        out = np.empty((n_atoms, 4), dtype=np.float32)
        out[:, 0] = self.lam_elec
        out[:, 1] = self.lam_vdw
        out[:, 2] = self.alpha * (1.0 - self.lam_vdw)
        out[:, 3] = self.beta
        return out


class LambdaSchedule:
    """Decouple charges first, then soft-core Lennard-Jones."""

    def __init__(self, n_windows: int, alpha: float, beta: float):
        half = n_windows // 2
        elec = np.concatenate([np.linspace(1.0, 0.0, half), np.zeros(n_windows - half)])
        vdw = np.concatenate([np.ones(half), np.linspace(1.0, 0.0, n_windows - half)])
        self.windows = [LambdaWindow(k, float(e), float(v), alpha, beta)
                        for k, (e, v) in enumerate(zip(elec, vdw))]

    def __iter__(self):
        return iter(self.windows)

    def __len__(self) -> int:
        return len(self.windows)


@contextlib.contextmanager
def staged(window: LambdaWindow, n_atoms: int):
    """Stage a window's per-atom soft-core parameters for an async upload."""
    host = torch.empty((n_atoms, 4), dtype=torch.float32, pin_memory=True)
    host.copy_(torch.from_numpy(window.per_atom_params(n_atoms)))
    try:
        yield host
    finally:
        torch.cuda.current_stream().synchronize()
