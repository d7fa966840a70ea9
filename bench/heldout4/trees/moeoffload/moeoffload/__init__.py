"""Mixture-of-experts inference with host-offloaded expert weights."""
from .config import OffloadConfig
from .engine import Engine

__all__ = ["OffloadConfig", "Engine"]
