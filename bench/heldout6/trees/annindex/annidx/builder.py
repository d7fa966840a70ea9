import logging

import cupy as cp
import numpy as np

from .index import IvfIndex

log = logging.getLogger(__name__)


def _to_pinned(shard):
    """Normalise a shard on the GPU and bring it back through page-locked memory."""
    d = cp.asarray(shard, dtype=cp.float32)
    d /= cp.linalg.norm(d, axis=1, keepdims=True) + 1e-12
    mem = cp.cuda.alloc_pinned_memory(d.nbytes)
    out = np.frombuffer(mem, np.float32, d.size).reshape(d.shape)
    d.get(out=out)
    return out


def build_from_shards(paths, dim, nlist=4096, train_size=500_000):
    first = np.load(paths[0], mmap_mode="r")
    index = IvfIndex(dim, nlist)
    index.train(np.asarray(first[:train_size]))
    for p in paths:
        shard = np.load(p, mmap_mode="r")
        for start in range(0, len(shard), 262_144):
            block = _to_pinned(shard[start:start + 262_144])
            index.add(block)
        log.info("added %s, index size %d", p, len(index))
    return index
