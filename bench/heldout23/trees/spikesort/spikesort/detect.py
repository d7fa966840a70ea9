from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F


@dataclass
class ChannelGroup:
    name: str
    channels: torch.Tensor  # int64, on the compute device


def shank_groups(n_channels: int, per_group: int = 96, device: str = "cuda") -> list[ChannelGroup]:
    return [
        ChannelGroup(f"g{i}", torch.arange(lo, min(lo + per_group, n_channels), device=device))
        for i, lo in enumerate(range(0, n_channels, per_group))
    ]


def detect_peaks(x: torch.Tensor, threshold: float, neighbours: np.ndarray) -> torch.Tensor:
    """Negative threshold crossings that are local minima in time and over neighbours.

    Returns (n_peaks, 2) int64: (sample, channel).
    """
    nb = torch.as_tensor(neighbours, device=x.device).long()
    mad = x.abs().median(dim=1, keepdim=True).values / 0.6745
    z = -x / (mad + 1e-6)
    tmax = F.max_pool1d(z.unsqueeze(0), 7, stride=1, padding=3).squeeze(0)
    valid = nb >= 0
    spatial = torch.where(valid.unsqueeze(-1), z[nb.clamp(min=0)], torch.full_like(z[nb.clamp(min=0)], -1e9))
    smax = spatial.max(dim=1).values
    mask = (z > threshold) & (z >= tmax) & (z >= smax)
    ch, t = mask.nonzero(as_tuple=True)
    return torch.stack([t, ch], dim=1)


def peak_depths(peaks: torch.Tensor, x: torch.Tensor, ycoords: torch.Tensor) -> tuple[np.ndarray, np.ndarray]:
    amps = (-x[peaks[:, 1], peaks[:, 0]]).clamp(min=0)
    return ycoords[peaks[:, 1]].cpu().numpy(), amps.cpu().numpy()


def waveform_snippets(
    x: torch.Tensor, peaks: torch.Tensor, groups: list[ChannelGroup], half: int
) -> dict[str, torch.Tensor]:
    """Snippets around each group's peaks, staged on the host for the feature writer thread."""
    out: dict[str, torch.Tensor] = {}
    offsets = torch.arange(-half, half + 1, device=x.device)
    for g in groups:
        sel = peaks[torch.isin(peaks[:, 1], g.channels)]
        if sel.numel() == 0:
            continue
        idx = (sel[:, 0:1] + offsets).clamp(0, x.shape[1] - 1)
        snip = x[g.channels][:, idx]
        out[g.name] = snip.cpu().pin_memory()
    return out
