import numpy as np
import cupy as cp
import cupyx


class MemberReader:
    """Reads one ensemble member's field, one time step at a time."""

    def __init__(self, path, nlev, nlat, nlon):
        self.path = path
        self.shape = (nlev, nlat, nlon)
        self._mm = np.load(path, mmap_mode="r")
        self.staging = cupyx.zeros_pinned(self.shape, dtype=np.float32)
        self.ntime = self._mm.shape[0]

    def read_into(self, t, out):
        self.staging[...] = self._mm[t]
        out.set(self.staging)
        return out

    def read(self, t):
        slab = cupyx.empty_pinned(self.shape, dtype=np.float32)
        slab[...] = self._mm[t]
        return cp.asarray(slab)


def chunk_stream(reader, levels_per_chunk):
    buf = cupyx.empty_pinned((levels_per_chunk,) + reader.shape[1:], dtype=np.float32)
    for t in range(reader.ntime):
        for k0 in range(0, reader.shape[0], levels_per_chunk):
            k1 = min(k0 + levels_per_chunk, reader.shape[0])
            buf[: k1 - k0] = reader._mm[t, k0:k1]
            yield t, k0, buf[: k1 - k0]
