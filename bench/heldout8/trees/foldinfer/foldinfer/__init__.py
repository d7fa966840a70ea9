from .config import InferenceConfig
from .runner import FoldRunner

__all__ = ["InferenceConfig", "FoldRunner"]
