import numpy as np
import pytest
from numba import cuda

pytestmark = pytest.mark.skipif(not cuda.is_available(), reason="needs CUDA")


def test_points_outside_range_are_dropped():
    from pcloud.voxelize import Voxelizer

    vox = Voxelizer((0, 0, 0), (1, 1, 1), (0.5, 0.5, 0.5), max_input=16)
    pts = cuda.pinned_array((3, 4), dtype=np.float32)
    pts[...] = [[0.1, 0.1, 0.1, 1], [0.9, 0.9, 0.9, 1], [5, 5, 5, 1]]
    voxels, coords, counts = vox.voxelize(np.asarray(pts))
    assert len(coords) == 2 and counts.sum() == 2


def test_ring_wraps():
    from pcloud.ring import MappedRing

    ring = MappedRing(slots=2, max_points=4)
    ring.put(np.ones((3, 4), np.float32))
    slot, frame = ring.get()
    assert frame.shape == (3, 4)
    ring.release(slot)
