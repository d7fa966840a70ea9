import numpy as np
from numba import cuda

from obfeat.engine import Imbalance
from obfeat.window import RollingWindow


def test_imbalance_sign():
    f = Imbalance(2)
    tick = {"bid_sizes": np.array([10.0, 5.0]), "ask_sizes": np.array([1.0, 1.0])}
    assert f.update(tick) > 0


def test_window_grows():
    w = RollingWindow(4)
    assert w.ensure(8).shape == (8, 4)
    assert w.ensure(4).shape == (4, 4)
    host = cuda.pinned_array(4, dtype=np.float32)
    assert host.shape == (4,)
