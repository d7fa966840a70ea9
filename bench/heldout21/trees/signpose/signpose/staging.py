"""Host staging helpers (kept tiny on purpose: the trainer owns the streams)."""
from __future__ import annotations

import torch


def pinned_like(t: torch.Tensor) -> torch.Tensor:
    out = torch.empty(t.shape, dtype=t.dtype, pin_memory=True)
    out.copy_(t)
    return out


def _host_copy(t: torch.Tensor, normalise: bool) -> torch.Tensor:
    if normalise:
        t = t - t.mean(dim=(1, 2), keepdim=True)
    return pinned_like(t)


def stage_keypoints(batch, normalise: bool = True) -> torch.Tensor:
    host = _host_copy(batch.keypoints.reshape(batch.keypoints.shape[0], -1, 3), normalise)
    return host.to("cuda", non_blocking=True)
