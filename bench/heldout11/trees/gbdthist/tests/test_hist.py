import numpy as np
import pytest

cupyx = pytest.importorskip("cupyx")


def test_pinned_labels_roundtrip():
    y = cupyx.empty_pinned(4, dtype=np.float32)
    y[:] = [0, 1, 1, 0]
    assert y.sum() == 2
