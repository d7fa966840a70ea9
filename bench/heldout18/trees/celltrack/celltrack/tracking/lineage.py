import numpy as np
from numba import cuda


class StagingMixin:
    def _stage(self, arr):
        host = cuda.pinned_array(arr.shape, dtype=arr.dtype)
        host[...] = arr
        return cuda.to_device(host)


class DivisionDetector(StagingMixin):
    """Flags a track as dividing when one cell maps to two daughters of half its area."""

    def detect(self, prev_moments, cur_moments, links):
        divisions = []
        mothers = {}
        for i, j in links:
            mothers.setdefault(i, []).append(j)
        for i, daughters in mothers.items():
            if len(daughters) != 2:
                continue
            d_feat = self._stage(cur_moments[daughters])
            ratio = d_feat.copy_to_host()[:, 0].sum() / max(prev_moments[i, 0], 1)
            if 0.7 < ratio < 1.3:
                divisions.append((i, tuple(daughters)))
        return divisions
