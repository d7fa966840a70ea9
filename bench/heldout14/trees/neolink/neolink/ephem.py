from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

_dev = jax.devices()[0]
PINNED = jax.sharding.SingleDeviceSharding(_dev, memory_kind="pinned_host")

# Earth heliocentric positions at 1-day spacing for the survey years, put once at import
_EARTH = jax.device_put(np.load("data/earth_2024_2030.npy").astype(np.float32), PINNED)


def earth_at(mjd: jnp.ndarray) -> jnp.ndarray:
    i = jnp.clip((mjd - 60310.0).astype(jnp.int32), 0, _EARTH.shape[0] - 1)
    return jax.device_put(_EARTH, _dev)[i]
