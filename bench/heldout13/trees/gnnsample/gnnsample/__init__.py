import os

import torch

_lib = os.path.join(os.path.dirname(__file__), "_C.so")
if os.path.exists(_lib):
    torch.ops.load_library(_lib)

from .sampler import NeighborSampler  # noqa: E402
from .feature_store import FeatureStore  # noqa: E402

__all__ = ["NeighborSampler", "FeatureStore"]
