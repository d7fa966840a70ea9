"""hostio: read blob files into GPU memory through page-locked host buffers."""

from .client import BlockClient

__all__ = ["BlockClient"]
