from __future__ import annotations

import numpy as np

from ._lib import lib


class SplitFrequencies:
    def __init__(self, nsplits: int):
        self.nsplits = nsplits
        self.counts = np.zeros(nsplits)
        self.n = 0

    def update(self, chain):
        buf = lib.plk_make_split_buffer(self.nsplits)
        arr = np.ctypeslib.as_array(buf, shape=(self.nsplits,))
        arr[:] = (chain.topology[: self.nsplits] > chain.topology.mean())
        self.counts += arr
        self.n += 1
        lib.plk_free_host(buf)

    def asdsf(self, other: "SplitFrequencies") -> float:
        return float(np.mean(np.abs(self.counts / max(self.n, 1) - other.counts / max(other.n, 1))))
