from .offload import host_sharding, offload_tree, reload_tree

__all__ = ["host_sharding", "offload_tree", "reload_tree"]
