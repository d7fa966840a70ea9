from .core import VecEnv
from .envs.registry import make

__all__ = ["VecEnv", "make"]
