import jax
import jax.numpy as jnp
import numpy as np


def _embed(params, x):
    x = jax.image.resize(x, (224, 224, 3), "bilinear")
    h = jnp.tanh(x.reshape(-1) @ params["proj"])
    return h / jnp.linalg.norm(h)


class SafetyChecker:
    def __init__(self, params, concept_embeds, threshold=0.28):
        dev = jax.devices()[0]
        self.host_sharding = jax.sharding.SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.dev_sharding = jax.sharding.SingleDeviceSharding(dev, memory_kind="device")
        self.concepts = jax.device_put(np.asarray(concept_embeds, np.float32), self.host_sharding)
        self.params = jax.device_put(params, self.dev_sharding)
        self.threshold = threshold
        self._score = jax.jit(lambda p, x, c: jnp.max(c @ _embed(p, x)))

    def flag(self, pixels: np.ndarray) -> bool:
        feats = jax.device_put(pixels.astype(np.float32) / 255.0, self.host_sharding)
        x = jax.device_put(feats, self.dev_sharding)
        c = jax.device_put(self.concepts, self.dev_sharding)
        return bool(self._score(self.params, x, c) > self.threshold)
