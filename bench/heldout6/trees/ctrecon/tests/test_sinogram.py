import cupyx
import numpy as np

from ctrecon.sinogram import SinogramStore


def test_store_grows():
    s = SinogramStore(4, 4, capacity=2)
    for i in range(5):
        s.append(np.full((4, 4), i, np.float32))
    assert s.views().shape == (5, 4, 4)
    assert float(s.views()[4, 0, 0]) == 4.0


def test_pinned_view_roundtrip():
    h = cupyx.empty_pinned((4, 4), dtype=np.float32)
    h[:] = 3.0
    assert float(h.sum()) == 48.0
