from .pipeline import Batch, Pipeline

__all__ = ["Batch", "Pipeline"]
