import numpy as np
import pytest
from numba import cuda

from dasfiber.events import coarse_kind


def test_coarse_kind_low_frequency_is_footstep():
    t = np.arange(256)
    assert coarse_kind(np.sin(2 * np.pi * 3 * t / 256)) == "footstep"


@pytest.mark.skipif(not cuda.is_available(), reason="CUDA")
def test_pinned_array_roundtrip():
    a = cuda.pinned_array(128, dtype=np.float32)
    a[:] = 1.0
    assert cuda.to_device(a).copy_to_host().sum() == 128
