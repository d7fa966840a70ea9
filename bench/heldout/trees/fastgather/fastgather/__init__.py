"""fastgather: feeding sparse/dense recommendation batches to the GPU."""

from . import _C  # noqa: F401  (compiled extension, built by setup.py)
from .feeder import EmbeddingFeeder

__all__ = ["EmbeddingFeeder"]
