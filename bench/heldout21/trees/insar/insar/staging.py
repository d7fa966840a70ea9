"""Pinned host staging for burst transfers."""
from __future__ import annotations

import numpy as np
import cupyx


def make_staging_set(n: int, shape, dtype=np.complex64) -> list[np.ndarray]:
    """Return `n` page-locked arrays of `shape` for double/triple buffering."""
    return [cupyx.empty_pinned(shape, dtype=dtype) for _ in range(n)]
