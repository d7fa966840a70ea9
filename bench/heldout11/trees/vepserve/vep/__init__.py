import torch

from . import _ops  # noqa: F401  (registers torch.ops.vep)

__all__ = ["torch"]
