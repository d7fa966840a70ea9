import numpy as np
import pytest

cupy = pytest.importorskip("cupy")
import cupyx  # noqa: E402

from gridse.phasors import rectangular  # noqa: E402


def test_rectangular_roundtrip():
    mag = np.array([1.0, 0.98], dtype=np.float32)
    ang = np.array([0.0, -0.1], dtype=np.float32)
    out = rectangular(mag, ang)
    assert out.shape == (4,)
    np.testing.assert_allclose(np.hypot(out[:2], out[2:]), mag, rtol=1e-6)


def test_pinned_measurements_copy():
    z = cupyx.empty_pinned(8, dtype=np.float32)
    z[:] = np.arange(8)
    d = cupy.asarray(z)
    assert float(d.sum()) == 28.0
