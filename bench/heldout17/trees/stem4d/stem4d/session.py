from __future__ import annotations

from typing import Iterator

import numpy as np
from numba import cuda

from .reader import DetectorFile


def iter_rows(df: DetectorFile) -> Iterator[tuple[int, np.ndarray]]:
    """Yields (row, float frames); the float staging is pinned once for the whole scan."""
    frames = cuda.pinned_array((df.nx, df.qy, df.qx), dtype=np.float32)
    for row in range(df.ny):
        frames[...] = df.read_row(row)
        yield row, frames
