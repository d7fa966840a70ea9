import numpy as np
from numba import cuda

from neolink.linking import HelioLinker


def test_projection_radius():
    det = cuda.pinned_array((4, 3), dtype=np.float32)
    det[:] = [[1, 0, 0], [0, 2, 0], [0, 0, 3], [1, 1, 1]]
    out = HelioLinker([2.0]).link_night(np.asarray(det))
    assert np.allclose(np.linalg.norm(out[0], axis=1), 2.0)
