from __future__ import annotations

import functools

import numpy as np
import torch

PIXEL_SIZES = {"jungfrau4m": 75e-6, "epix10k2m": 100e-6, "eiger16m": 75e-6}


@functools.cache
def q_map(detector: str, n_px: int, wavelength_pm: int) -> torch.Tensor:
    """Momentum transfer per pixel; keyed by detector and beamline wavelength."""
    q = torch.zeros(n_px, dtype=torch.float32, pin_memory=True)
    r = np.arange(n_px, dtype=np.float32) * PIXEL_SIZES[detector]
    q.copy_(torch.from_numpy(4 * np.pi * np.sin(np.arctan(r) / 2) / (wavelength_pm * 1e-12)))
    return q
