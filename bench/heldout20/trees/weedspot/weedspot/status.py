"""Counters shared between the host loop and the spray kernels (mapped, so the kernels can
bump them without a copy and the CAN thread reads them live)."""

import numpy as np
from numba import cuda

FRAMES, TILES, SPRAYED, SKIPPED = range(4)

COUNTERS = cuda.mapped_array(8, dtype=np.int64)
COUNTERS[:] = 0


def snapshot() -> dict[str, int]:
    return {
        "frames": int(COUNTERS[FRAMES]),
        "tiles": int(COUNTERS[TILES]),
        "sprayed": int(COUNTERS[SPRAYED]),
        "skipped": int(COUNTERS[SKIPPED]),
    }
