"""actoff: activation offloading for long-context training."""

import os

import torch

_here = os.path.dirname(__file__)
torch.ops.load_library(os.path.join(_here, "_actoff_ops.so"))

from .hooks import ArenaOffload, offload_activations, offload_activations_py  # noqa: E402

__all__ = ["ArenaOffload", "offload_activations", "offload_activations_py"]
