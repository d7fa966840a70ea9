import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding

from .data.stream import SlidingWindows


class JaxForecaster:
    """Inference-only port of the forecaster: weights live in pinned host memory between calls."""

    def __init__(self, weights: dict):
        dev = jax.devices("gpu")[0]
        self.device_sharding = SingleDeviceSharding(dev)
        self.host_sharding = SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.params = {k: jax.device_put(np.asarray(v), self.host_sharding) for k, v in weights.items()}
        self._apply = jax.jit(self._forward)

    @staticmethod
    def _forward(params, x):
        h = jnp.tanh(x @ params["w_in"] + params["b_in"])
        return h @ params["w_out"] + params["b_out"]

    def offload(self, y):
        return jax.device_put(y, self.host_sharding)

    def predict_stream(self, values, history):
        params = jax.device_put(self.params, self.device_sharding)
        results = []
        for start, window in SlidingWindows(values, history):
            y = self._apply(params, jnp.asarray(window.numpy()))
            results.append((start, self.offload(y)))
        return results
