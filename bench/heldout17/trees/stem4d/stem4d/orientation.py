from __future__ import annotations

import numpy as np
from numba import cuda


class OrientationMap:
    """Per-probe in-plane orientation; the mapped output grows with the largest scan seen."""

    def __init__(self):
        self._out = None

    def _ensure(self, n: int):
        if self._out is None or self._out.shape[0] < n:
            self._out = cuda.mapped_array(max(n, 65536), dtype=np.float32)
        return self._out[:n]

    def fit(self, disk_lists: list[list[tuple[int, int]]], q: int) -> np.ndarray:
        out = self._ensure(len(disk_lists))
        for i, disks in enumerate(disk_lists):
            if len(disks) < 2:
                out[i] = np.nan
                continue
            d = np.asarray(disks, dtype=np.float32) - q / 2
            out[i] = float(np.arctan2(d[:, 0], d[:, 1]).mean())
        return np.array(out)
