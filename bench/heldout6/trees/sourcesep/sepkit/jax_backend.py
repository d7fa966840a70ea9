"""Inference on TPU/GPU through JAX for the batch export jobs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding


class JaxSeparator:
    def __init__(self, params, apply_fn):
        dev = jax.devices()[0]
        self.device = dev
        self.host_sharding = SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.dev_sharding = SingleDeviceSharding(dev, memory_kind="device")
        # master copy of the weights parked in pinned host memory between jobs
        self.params_host = jax.device_put(params, self.host_sharding)
        self.apply_fn = jax.jit(apply_fn)

    def offload_activations(self, acts):
        return jax.device_put(acts, self.host_sharding)

    def run_chunk(self, chunk):
        params = jax.device_put(self.params_host, self.dev_sharding)
        out, acts = self.apply_fn(params, jnp.asarray(chunk))
        self.offload_activations(acts)
        return np.asarray(out)

    def separate(self, mix, chunk):
        return np.concatenate([self.run_chunk(mix[:, s:s + chunk]) for s in range(0, mix.shape[-1], chunk)], -1)
