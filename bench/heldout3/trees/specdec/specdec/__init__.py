"""Speculative decoding: a small draft model proposes k tokens, the target model verifies them in one pass."""

import torch

from . import _ops  # noqa: F401  registers torch.ops.specdec

from .engine import SpecDecodeEngine

__all__ = ["SpecDecodeEngine"]
