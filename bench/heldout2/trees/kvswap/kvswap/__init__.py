"""kvswap: continuous batching with CPU swap space for preempted sequences."""

from .config import CacheConfig
from .engine import LLMEngine

__all__ = ["CacheConfig", "LLMEngine"]
__version__ = "0.4.1"
