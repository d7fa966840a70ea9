from __future__ import annotations

import numpy as np
import torch


def missing_wedge_masks(angle_ranges: list[tuple[float, float]], size: int) -> list[torch.Tensor]:
    """One Fourier missing-wedge mask per tilt range in the batch."""
    masks = []
    k = torch.fft.fftfreq(size)
    kz, kx = torch.meshgrid(k, k, indexing="ij")
    for lo, hi in angle_ranges:
        m = torch.zeros((size, size, size)).pin_memory()
        ang = torch.rad2deg(torch.atan2(kz, kx.abs() + 1e-9))
        keep = ((ang >= lo) & (ang <= hi)).float()
        m.copy_(keep.unsqueeze(1).expand(size, size, size))
        masks.append(m)
    return masks


def random_ranges(n: int, rng: np.random.Generator) -> list[tuple[float, float]]:
    return [(-float(rng.uniform(50, 65)), float(rng.uniform(50, 65))) for _ in range(n)]
