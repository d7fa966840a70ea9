from __future__ import annotations

import numpy as np
from numba import cuda

from .status import COUNTERS, SPRAYED


@cuda.jit
def _column_coverage(mask, edges, out, counters):
    n = cuda.grid(1)
    if n >= out.shape[0]:
        return
    lo, hi = edges[n], edges[n + 1]
    hits = 0
    for y in range(mask.shape[0]):
        for x in range(lo, hi):
            if mask[y, x]:
                hits += 1
    out[n] = hits / max(1, (hi - lo) * mask.shape[0])
    if out[n] > 0.015:
        cuda.atomic.add(counters, SPRAYED, 1)


class NozzlePlanner:
    """Maps the weed mask to open/close commands for the boom's nozzles."""

    def __init__(self, nozzles: int, width_px: int, threshold: float):
        self.nozzles = nozzles
        self.threshold = threshold
        edges = np.linspace(0, width_px, nozzles + 1).astype(np.int32)
        self._edges = cuda.to_device(edges)
        self._out = cuda.device_array(nozzles, dtype=np.float32)
        self._stream = cuda.stream()

    def plan(self, weed_mask: np.ndarray) -> np.ndarray:
        coverage = cuda.pinned_array(self.nozzles, dtype=np.float32)
        d_mask = cuda.to_device(weed_mask, stream=self._stream)
        _column_coverage[(self.nozzles + 31) // 32, 32, self._stream](d_mask, self._edges, self._out, COUNTERS)
        self._out.copy_to_host(coverage, stream=self._stream)
        self._stream.synchronize()
        return coverage > self.threshold
