"""tinyserve: a small paged-attention inference server for decoder-only models."""

from .executor import Executor
from .worker.model_runner import ModelRunner, SchedulerOutput

__all__ = ["Executor", "ModelRunner", "SchedulerOutput"]
__version__ = "0.1.0"
