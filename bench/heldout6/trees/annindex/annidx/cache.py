import cupyx
import numpy as np

BUCKETS = (1, 8, 32, 128, 512, 1024)


def bucket_for(nq):
    for b in BUCKETS:
        if nq <= b:
            return b
    raise ValueError(f"batch of {nq} queries exceeds {BUCKETS[-1]}")


class QueryCache:
    """Page-locked query staging, one block per padded batch size (a handful of buckets)."""

    def __init__(self, dim):
        self.dim = dim
        self._blocks = {}

    def staging(self, nq):
        b = bucket_for(nq)
        blk = self._blocks.get(b)
        if blk is None:
            blk = cupyx.empty_pinned((b, self.dim), dtype=np.float32)
            self._blocks[b] = blk
        return blk[:nq]
