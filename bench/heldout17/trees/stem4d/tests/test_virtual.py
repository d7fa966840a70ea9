import numpy as np
import pytest

cupy = pytest.importorskip("cupy")

from stem4d.strain import disk_template  # noqa: E402


def test_disk_template_area():
    t = disk_template(64, 6.0)
    assert abs(t.sum() - np.pi * 36) < 20


def test_pinned_scratch():
    import cupyx

    a = cupyx.empty_pinned((16, 16), dtype=np.float32)
    a[...] = 2
    assert float(cupy.asarray(a).sum()) == 512.0
