import jax
import jax.numpy as jnp
import numpy as np
import pytest

from floodsw.rain import BANDS, disaggregate


def test_bands_cover_range():
    assert BANDS[0][0] == 0.0 and BANDS[-1][1] >= 200.0


@pytest.mark.skipif(jax.default_backend() != "gpu", reason="GPU")
def test_pinned_roundtrip():
    s = jax.sharding.SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
    x = jax.device_put(jnp.ones(8), s)
    assert float(np.asarray(x).sum()) == 8.0
