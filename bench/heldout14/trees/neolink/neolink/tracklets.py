from __future__ import annotations

import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import numpy as np


def iter_tracklets(nights: list[np.ndarray], max_det: int = 1 << 20):
    stage = drv.pagelocked_empty((max_det, 4), dtype=np.float32)
    for night in nights:
        n = min(len(night), max_det)
        stage[:n] = night[:n]
        order = np.argsort(stage[:n, 0])
        for a, b in zip(order[:-1], order[1:]):
            if abs(stage[b, 1] - stage[a, 1]) < 1e-3:
                yield stage[a].copy(), stage[b].copy()
