"""Keep rarely touched pytrees (optimizer moments, EMA weights) in host memory."""
from __future__ import annotations

import jax
from jax.sharding import SingleDeviceSharding


def host_sharding(device) -> SingleDeviceSharding:
    return SingleDeviceSharding(device, memory_kind="pinned_host")


def offload_tree(tree, device):
    s = host_sharding(device)
    return jax.tree_util.tree_map(lambda x: jax.device_put(x, s), tree)


def reload_tree(tree, device):
    s = SingleDeviceSharding(device, memory_kind="device")
    return jax.tree_util.tree_map(lambda x: jax.device_put(x, s), tree)
