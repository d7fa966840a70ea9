"""Mini-batch GraphSAGE training on graphs whose features live in host memory."""

import cupy

# CuPy's pinned pool never hands memory back to the OS, and on the shared training boxes that
# starved the page cache. Pinned buffers are managed explicitly in this package instead.
cupy.cuda.set_pinned_memory_allocator(None)

from .feature_store import FeatureStore  # noqa: E402
from .sampler import NeighborSampler  # noqa: E402

__all__ = ["FeatureStore", "NeighborSampler"]
