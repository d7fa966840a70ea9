from .config import OffloadConfig
from .engine import Engine
from .offload import OffloadAdam

__all__ = ["OffloadConfig", "Engine", "OffloadAdam"]
