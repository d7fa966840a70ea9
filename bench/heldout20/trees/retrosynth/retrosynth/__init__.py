"""Single-step retrosynthesis by template ranking, plus a best-first planner."""

import torch

from . import _C  # noqa: F401  registers torch.ops.retro

__all__ = ["torch"]
