"""Where optimizer state and restart points live: pinned host memory between steps."""
from __future__ import annotations

import jax
from jax.sharding import SingleDeviceSharding

_DEV = jax.devices()[0]
HOST = SingleDeviceSharding(_DEV, memory_kind="pinned_host")
DEVICE = SingleDeviceSharding(_DEV, memory_kind="device")


def stage_params_once(params):
    """Initial parameters, kept on the host as the restart point after a divergence."""
    return jax.device_put(params, HOST)


def offload_opt_state(opt_state):
    """Adam moments leave the GPU between steps (they do not fit next to the activations at 256^2)."""
    return jax.device_put(opt_state, HOST)


def fetch_opt_state(opt_state):
    return jax.device_put(opt_state, DEVICE)
