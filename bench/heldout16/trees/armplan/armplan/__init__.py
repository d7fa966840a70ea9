"""armplan: GPU trajectory optimisation for arms."""
import torch

from . import _C  # noqa: F401  (registers torch.ops.armplan and torch.classes.armplan)

__version__ = "0.7.0"
