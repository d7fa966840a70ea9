"""shardloader: streaming WebDataset-style shards into PyTorch training jobs."""

from .memory import HostStaging, alloc_pinned, cuda_malloc_host
from .collate import PinnedCollate, StackCollate
from .shards import ShardStream

__all__ = [
    "HostStaging",
    "alloc_pinned",
    "cuda_malloc_host",
    "PinnedCollate",
    "StackCollate",
    "ShardStream",
]

__version__ = "0.4.2"
