import numpy as np
from numba import cuda

from celltrack.tracking import Linker


def test_identity_link():
    m = cuda.pinned_array((3, 6), dtype=np.float32)
    m[:] = 0
    m[:, 0] = 1
    m[:, 1] = [10, 50, 90]
    assert Linker(5.0).link(m, m.copy()) == [(0, 0), (1, 1), (2, 2)]
