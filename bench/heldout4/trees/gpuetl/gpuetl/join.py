import cupy as cp
import cupyx
import numpy as np

from .frame import DataFrame
from .memory import pinned_like


class HashJoin:
    def __init__(self, key, how="inner", num_buckets=1 << 20):
        self.key = key
        self.how = how
        self.num_buckets = num_buckets
        self._bucket_fill = cupyx.zeros_pinned((num_buckets,), dtype=np.int32)
        self._right = None

    def build(self, right: DataFrame):
        keys = right[self.key].data
        self._keys_host = pinned_like(keys)
        keys.get(out=self._keys_host)
        buckets = np.asarray(self._keys_host, dtype=np.int64) % self.num_buckets
        self._bucket_fill[:] = np.bincount(buckets, minlength=self.num_buckets)
        self._right = right
        return self

    def probe(self, left: DataFrame):
        lk = left[self.key].data
        rk = self._right[self.key].data
        order = cp.argsort(rk)
        pos = cp.searchsorted(rk[order], lk)
        pos = cp.minimum(pos, rk.shape[0] - 1)
        hit = rk[order][pos] == lk
        li = cp.nonzero(hit)[0]
        ri = order[pos[li]]
        out = left.take(li)
        for c in self._right.columns:
            if c.name != self.key:
                out = out.with_column(c.take(ri))
        return out
