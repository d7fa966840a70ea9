"""Host staging shared by the request handlers."""
from __future__ import annotations

import numpy as np
from numba import cuda

RING_DEPTH = 4
MAX_PAIRS = 1 << 16

# Candidate-pair slots, filled by the pair filter and read back by the TCA refinement;
# handlers take them round-robin.
PAIR_RING = [cuda.pinned_array((MAX_PAIRS, 2), dtype=np.int32) for _ in range(RING_DEPTH)]
_next = 0


def next_pair_slot() -> np.ndarray:
    global _next
    slot = PAIR_RING[_next]
    _next = (_next + 1) % RING_DEPTH
    return slot
