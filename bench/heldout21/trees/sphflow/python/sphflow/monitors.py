from __future__ import annotations

import numpy as np
import torch


class PressureMonitor:
    """Streams the pressure field to the GPU-side spectral analyser every step."""

    def __init__(self, analyser=None):
        self.analyser = analyser or (lambda t: None)

    def on_step(self, sim, step: int) -> None:
        p = torch.from_numpy(np.asarray(sim.pressure(), np.float32)).pin_memory()
        self.analyser(p.to("cuda", non_blocking=True))


class FreeSurfaceMonitor:
    def __init__(self, n_gauges: int = 4, max_records: int = 1 << 16):
        self.heights = torch.zeros(max_records, n_gauges, pin_memory=True)
        self.k = 0

    def on_step(self, sim, step: int) -> None:
        if step % 100 == 0 and self.k < self.heights.shape[0]:
            self.heights[self.k, :2].copy_(torch.tensor(sim.sample_probes()[:2]))
            self.k += 1


MONITORS = {"pressure": PressureMonitor, "free_surface": FreeSurfaceMonitor}
