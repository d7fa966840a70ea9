import numpy as np
import pytest

jax = pytest.importorskip("jax")
from jax.sharding import SingleDeviceSharding  # noqa: E402

from tokamak.response import profile_basis  # noqa: E402


def test_basis_vanishes_at_edge():
    b = profile_basis(np.array([1.0, 0.5, 0.2, 1.0, 0.0, 0.0]))
    assert b.shape == (2, 65)
    assert abs(b[0, -1]) < 1e-6 and abs(b[1, -1]) < 1e-6


@pytest.mark.skipif(jax.default_backend() != "gpu", reason="needs a GPU")
def test_pinned_roundtrip():
    host = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
    x = jax.device_put(np.arange(8.0, dtype=np.float32), host)
    assert np.allclose(np.asarray(x), np.arange(8.0))
