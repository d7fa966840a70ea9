import jax
import jax.numpy as jnp
import numpy as np
import pytest

pytestmark = pytest.mark.skipif(jax.default_backend() != "gpu", reason="needs a GPU backend")


def test_mixing_converges_on_linear_problem():
    from scftpoly.anderson import AndersonMixer

    A = jnp.diag(jnp.linspace(0.2, 0.9, 8))
    b = jnp.ones(8)
    m = AndersonMixer(depth=5, lam=0.5, n=8)
    x = jnp.zeros(8)
    for _ in range(40):
        x = m.mix(x, b - A @ x - x)
    np.testing.assert_allclose(np.asarray(x + A @ x), np.asarray(b), atol=1e-5)


def test_host_offload_roundtrip():
    host = jax.sharding.SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
    x = jax.device_put(jnp.arange(16.0), host)
    assert x.sharding.memory_kind == "pinned_host"
