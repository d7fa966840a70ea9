import numpy as np
from numba import cuda

from iotanom.buffers import get_scratch
from iotanom.features import rolling_stats


def test_rolling_stats_constant():
    series = cuda.pinned_array(64, dtype=np.float32)
    series[:] = 2.0
    stats = rolling_stats(series, 16, 16)
    assert np.allclose(stats[:, 0], 2.0)
    assert np.allclose(stats[:, 1], 0.0, atol=1e-5)


def test_scratch_grows_only():
    a = get_scratch(10)
    b = get_scratch(5)
    assert a.base is b.base
