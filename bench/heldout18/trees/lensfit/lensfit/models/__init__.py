from .sie import SIE
from .source import PixelSource

__all__ = ["SIE", "PixelSource"]
