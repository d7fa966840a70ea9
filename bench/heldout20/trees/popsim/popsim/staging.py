from __future__ import annotations

import cupyx
import numpy as np


def make_stage_pool(k: int, shape: tuple[int, ...], dtype=np.uint8) -> list[np.ndarray]:
    """k page-locked host arrays of one shape, for overlapping device-to-host copies."""
    return [cupyx.empty_pinned(shape, dtype=dtype) for _ in range(k)]
