from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

_INITIAL = None


def probe_snapshot(probe: cp.ndarray) -> np.ndarray:
    """Pinned copy of the probe as it was before the first update (for the drift report)."""
    global _INITIAL
    if _INITIAL is None:
        _INITIAL = cupyx.empty_pinned(probe.shape, dtype=probe.dtype)
        probe.get(out=_INITIAL)
    return _INITIAL


def orthogonalize(probe: cp.ndarray) -> cp.ndarray:
    m = probe.reshape(probe.shape[0], -1)
    u, s, vh = cp.linalg.svd(m, full_matrices=False)
    return (s[:, None] * vh).reshape(probe.shape)
