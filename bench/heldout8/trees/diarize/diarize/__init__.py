from .config import DiarConfig

__all__ = ["DiarConfig"]
