import cupy as cp
import cupyx
import numpy as np


class SinogramStore:
    """Append-only host store of filtered views, page-locked for async upload."""

    def __init__(self, det_v, det_u, capacity=64):
        self.shape = (det_v, det_u)
        self._buf = cupyx.zeros_pinned((capacity, det_v, det_u), dtype=np.float32)
        self._n = 0

    def append(self, view):
        if self._n == self._buf.shape[0]:
            bigger = cupyx.empty_pinned((2 * self._n,) + self.shape, dtype=np.float32)
            bigger[: self._n] = self._buf[: self._n]
            self._buf = bigger
        self._buf[self._n] = view
        self._n += 1

    def views(self):
        return self._buf[: self._n]


def ring_correct(slab, strength=0.8):
    """Remove detector ring artefacts from a reconstructed slab (z, y, x) on the GPU."""
    nbytes = slab.nbytes
    mem = cp.cuda.alloc_pinned_memory(nbytes)
    host = np.frombuffer(mem, dtype=np.float32, count=slab.size).reshape(slab.shape)
    d = cp.asarray(slab)
    polar_mean = d.mean(axis=0, keepdims=True)
    d -= strength * (polar_mean - cp.median(polar_mean))
    d.get(out=host)
    return host.copy()
