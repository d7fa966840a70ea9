import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding


def init_params(key, window, hidden=32):
    k1, k2 = jax.random.split(key)
    return {"enc": jax.random.normal(k1, (window, hidden)) * 0.05,
            "dec": jax.random.normal(k2, (hidden, window)) * 0.05}


@jax.jit
def reconstruct(params, x):
    h = jnp.tanh(x @ params["enc"])
    return h @ params["dec"]


class Detector:
    """Autoencoder reconstruction error; the weights live in pinned host memory between calls."""

    def __init__(self, window, weights_path=None):
        dev = jax.devices()[0]
        self.host = SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.dev = SingleDeviceSharding(dev)
        params = init_params(jax.random.PRNGKey(0), window)
        if weights_path:
            params = dict(np.load(weights_path))
        self.params_host = jax.device_put(params, self.host)

    def score(self, x):
        params = jax.device_put(self.params_host, self.dev)
        err = reconstruct(params, x) - x
        return float(jnp.sqrt(jnp.mean(err ** 2)))
