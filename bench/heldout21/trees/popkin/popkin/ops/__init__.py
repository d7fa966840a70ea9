"""Loads the compiled ops (popkin._C registers torch.ops.popkin.*)."""
import torch

from .. import _C  # noqa: F401  (registers the TORCH_LIBRARY ops)

expand_regimen = torch.ops.popkin.expand_regimen
solve_cohort = torch.ops.popkin.solve_cohort
