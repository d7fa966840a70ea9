import jax
import jax.numpy as jnp
import pytest

from jaxoffload import offload_tree, reload_tree


@pytest.mark.skipif(jax.default_backend() != "gpu", reason="pinned_host needs a GPU backend")
def test_roundtrip_keeps_values():
    dev = jax.devices()[0]
    tree = {"a": jnp.arange(8.0), "b": {"c": jnp.ones((2, 3))}}
    host = offload_tree(tree, dev)
    assert host["a"].sharding.memory_kind == "pinned_host"
    back = reload_tree(host, dev)
    assert jnp.array_equal(back["b"]["c"], tree["b"]["c"])
