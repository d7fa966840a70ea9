import os

import torch

_here = os.path.dirname(__file__)
torch.ops.load_library(os.path.join(_here, "_embcache.so"))

from .cache import EmbeddingCache  # noqa: E402
from .reader import ShardReader  # noqa: E402

__all__ = ["EmbeddingCache", "ShardReader"]
