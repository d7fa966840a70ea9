import functools

import jax


@functools.cache
def host_sharding():
    """Sharding that places arrays in page-locked host memory of the first GPU."""
    dev = jax.devices("gpu")[0]
    return jax.sharding.SingleDeviceSharding(dev, memory_kind="pinned_host")
