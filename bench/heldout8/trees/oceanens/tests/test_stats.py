import numpy as np
import cupy as cp

from oceanens.stats import STATS
from oceanens.config import EnsembleConfig


class FakeReader:
    shape = (2, 4, 4)

    def read(self, t):
        return cp.full(self.shape, float(t), dtype=cp.float32)


def test_mean_stat():
    stat = STATS["mean"](EnsembleConfig())
    out = stat.run([FakeReader(), FakeReader()], 3)
    assert len(out) == 3
    assert np.allclose(out[2], 2.0)
