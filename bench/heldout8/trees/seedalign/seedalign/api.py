import numpy as np

from ._sa import ffi, lib


class Index:
    def __init__(self, path):
        self._h = lib.sa_index_load(path.encode())
        if self._h == ffi.NULL:
            raise IOError(f"cannot load index {path}")

    def close(self):
        if self._h != ffi.NULL:
            lib.sa_index_free(self._h)
            self._h = ffi.NULL

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def seed_batch(index, reads, k=19, w=10):
    blob = b"".join(reads)
    offsets = np.cumsum([0] + [len(r) for r in reads]).astype(np.int32)
    hits = np.zeros(len(reads) * 4, dtype=np.int32)
    rc = lib.sa_seed_batch(index._h, blob, ffi.from_buffer("int[]", offsets), len(reads), k, w,
                           ffi.from_buffer("int[]", hits))
    if rc != 0:
        raise RuntimeError(f"sa_seed_batch failed: {rc}")
    return hits


def write_sam(path, hits):
    return lib.sa_write_sam(path.encode(), ffi.from_buffer("int[]", hits), hits.size)


def write_paf(path, hits):
    return lib.sa_write_paf(path.encode(), ffi.from_buffer("int[]", hits), hits.size)
