import numpy as np
import pytest
from numba import cuda

from quakedetect.stalta import StaLta


@pytest.mark.skipif(not cuda.is_available(), reason="needs a GPU")
def test_triggers_on_impulse():
    x = cuda.pinned_array((3, 6000), dtype=np.float32)
    x[...] = np.random.default_rng(0).standard_normal(x.shape) * 0.1
    x[1, 4000:4050] += 5.0
    trig = StaLta(3, 100, 0.5, 10.0, 3.5).run(x)
    assert list(trig) == [1]
