import cupy as cp
import cupyx
import numpy as np


class RateTable:
    """Per-seed counters bucketed by the event's orbit timestamp."""

    def __init__(self, seeds):
        self.names = [s.name for s in seeds]
        self._buckets = {}

    def bucket(self, timestamp_ns):
        buf = self._buckets.get(timestamp_ns)
        if buf is None:
            buf = cupyx.zeros_pinned(len(self.names), dtype=np.int64)
            self._buckets[timestamp_ns] = buf
        return buf

    def fill(self, timestamp_ns, fired):
        b = self.bucket(timestamp_ns)
        for i, f in enumerate(fired):
            b[i] += int(f)

    def rates(self, lumi_seconds):
        total = np.sum([b for b in self._buckets.values()], axis=0)
        return dict(zip(self.names, (total / lumi_seconds).tolist()))
