"""Host staging shared by the tracker."""
from __future__ import annotations

import torch


def per_turn_buffers(cfg) -> list[torch.Tensor]:
    """The pinned ring that Tracker._sync downloads coordinates into every `sync_every`
    turns. Slots are reused round-robin for the whole run."""
    n = cfg.beam.n_particles
    ring = []
    for turn in range(cfg.tracking.ring_depth):
        ring.append(torch.empty((n, 6), dtype=torch.float64, pin_memory=True))
    return ring
