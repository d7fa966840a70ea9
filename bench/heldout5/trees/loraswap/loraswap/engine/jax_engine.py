"""JAX scorer used for reward / log-prob scoring of generated text."""
import jax
import jax.numpy as jnp
import numpy as np


def _shardings():
    dev = jax.devices()[0]
    s = jax.sharding.SingleDeviceSharding(dev)
    return s, s.with_memory_kind("pinned_host")


class JaxScorer:
    def __init__(self, params_np):
        self.dev_sharding, self.host_sharding = _shardings()
        self.base = jax.device_put(params_np, self.host_sharding)
        self._score = jax.jit(self._score_impl)

    @staticmethod
    def _score_impl(params, x):
        h = x
        for w in params["layers"]:
            h = jnp.tanh(h @ w)
        return (h @ params["head"]).squeeze(-1)

    def offload_kv(self, kv):
        return jax.device_put(kv, self.host_sharding)

    def score(self, feats, kv=None):
        params = jax.device_put(self.base, self.dev_sharding)
        if kv is not None:
            self.last_kv = self.offload_kv(kv)
        return np.asarray(self._score(params, jnp.asarray(feats)))
