from .runner import TrtRunner

__all__ = ["TrtRunner"]
