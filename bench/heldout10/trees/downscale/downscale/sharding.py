from __future__ import annotations

import jax
from jax.sharding import NamedSharding, PartitionSpec as P, SingleDeviceSharding


def host_sharding(device=None) -> SingleDeviceSharding:
    return SingleDeviceSharding(device or jax.devices()[0], memory_kind="pinned_host")


def device_sharding(device=None) -> SingleDeviceSharding:
    return SingleDeviceSharding(device or jax.devices()[0], memory_kind="device")


def offload_shardings(tree, mesh):
    return jax.tree_util.tree_map(lambda _: NamedSharding(mesh, P(), memory_kind="pinned_host"), tree)
