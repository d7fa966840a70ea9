"""Fast asynchronous checkpointing: snapshot to pinned host memory, write in the background."""

import torch

from . import _C  # noqa: F401  registers torch.ops.ckptsave.*
from .async_saver import AsyncCheckpointer
from .callbacks import CheckpointCallback
from .legacy import LegacySaver
from .offload import OptimizerOffloader
from .resume import load_for_resume

__all__ = ["AsyncCheckpointer", "CheckpointCallback", "LegacySaver", "OptimizerOffloader", "load_for_resume"]
