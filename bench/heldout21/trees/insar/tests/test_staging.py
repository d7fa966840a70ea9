import numpy as np

from insar.staging import make_staging_set


def test_staging_set_shapes():
    slots = make_staging_set(2, (4, 4))
    assert len(slots) == 2
    assert all(s.shape == (4, 4) and s.dtype == np.complex64 for s in slots)
