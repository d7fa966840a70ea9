from .config import Config, load

__all__ = ["Config", "load"]
