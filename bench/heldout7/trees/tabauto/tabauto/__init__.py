from .registry import MODELS, register
from . import models  # noqa: F401  populate the registry

__all__ = ["MODELS", "register"]
