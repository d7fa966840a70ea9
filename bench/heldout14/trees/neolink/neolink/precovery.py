from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


def search_precoveries(orbits: list, frames: cp.ndarray) -> list[np.ndarray]:
    preds = [cupyx.empty_pinned((frames.shape[0], 3), dtype=np.float32) for o in orbits]
    for (c, state, rms), p in zip(orbits, preds):
        s = cp.asarray(np.asarray(state), dtype=cp.float32)
        cp.asnumpy(s[:3][None] + s[3:][None] * frames[:, :1], out=p)
    return preds
