"""LETKF data assimilation cycling."""
from .config import CycleConfig
from .cycle import CycleDriver

__all__ = ["CycleConfig", "CycleDriver"]
__version__ = "0.7.2"
