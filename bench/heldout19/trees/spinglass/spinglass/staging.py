from __future__ import annotations

import cupyx
import numpy as np


def make_staging_pool(n: int, shape: tuple[int, ...], dtype=np.int8) -> list[np.ndarray]:
    """Page-locked readback buffers, used round-robin by the measurement step."""
    pool = []
    for slot in range(n):
        pool.append(cupyx.empty_pinned(shape, dtype=dtype))
    return pool
