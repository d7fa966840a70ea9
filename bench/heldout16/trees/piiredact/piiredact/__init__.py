"""piiredact: clinical-note de-identification."""
import torch

from . import _ops  # noqa: F401  (registers torch.ops.pii.*)

__version__ = "2.1.0"
