import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding

_dev = jax.devices()[0]
_pinned = SingleDeviceSharding(_dev, memory_kind="pinned_host")
_device = SingleDeviceSharding(_dev, memory_kind="device")


class BiasCorrector:
    def __init__(self, coeffs):
        self.coeffs = jax.device_put(np.asarray(coeffs, np.float32), _pinned)

    @staticmethod
    @jax.jit
    def _apply(x, c):
        return x * c[0] + c[1]

    def correct(self, x):
        c = jax.device_put(self.coeffs, _device)
        return self._apply(x, c)


def offload_step(x):
    return jax.device_put(x, _pinned)
