import numpy as np

from ._lib import _f32p, _i64p, check, lib


class IvfIndex:
    def __init__(self, dim, nlist=1024, capacity=10_000_000, handle=None):
        self.dim = dim
        self.nlist = nlist
        self._h = handle or lib.ann_index_open(dim, nlist, capacity)

    @classmethod
    def load(cls, path):
        h = lib.ann_load(path.encode())
        if not h:
            raise IOError(path)
        return cls(dim=0, handle=h)

    def train(self, sample, iters=20):
        sample = np.ascontiguousarray(sample, dtype=np.float32)
        check(lib.ann_train_centroids(self._h, sample.ctypes.data_as(_f32p), len(sample), iters))

    def add(self, vectors):
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        check(lib.ann_add_batch(self._h, vectors.ctypes.data_as(_f32p), len(vectors)))

    def search(self, queries, k=10, nprobe=16):
        queries = np.ascontiguousarray(queries, dtype=np.float32)
        dist = np.empty((len(queries), k), np.float32)
        ids = np.empty((len(queries), k), np.int64)
        check(lib.ann_search(self._h, queries.ctypes.data_as(_f32p), len(queries), k, nprobe,
                             dist.ctypes.data_as(_f32p), ids.ctypes.data_as(_i64p)))
        return dist, ids

    def save(self, path):
        check(lib.ann_save(self._h, path.encode()))

    def __len__(self):
        return lib.ann_size(self._h)

    def close(self):
        if self._h:
            lib.ann_index_close(self._h)
            self._h = None
