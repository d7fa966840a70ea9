"""Python front for the custom ops in csrc/ (registered under torch.ops.turbofan)."""
from __future__ import annotations

import os
from pathlib import Path

import torch

_LIB = Path(__file__).resolve().parent / "_turbofan_ops.so"
if _LIB.exists() and not os.environ.get("TURBOFAN_NO_EXT"):
    torch.ops.load_library(str(_LIB))


def sliding_windows(series: torch.Tensor, lengths: torch.Tensor, window: int, stride: int) -> torch.Tensor:
    """Cut every engine's [time, channels] series into overlapping windows.

    The op returns the windows in page-locked memory, so a DataLoader worker can hand
    them to a non_blocking upload without another copy.
    """
    return torch.ops.turbofan.sliding_windows(series, lengths, window, stride)


def health_index(settings: torch.Tensor, sensors: torch.Tensor) -> torch.Tensor:
    return torch.ops.turbofan.health_index(settings, sensors)


def fit_regimes(settings: torch.Tensor, k: int, iters: int = 25) -> torch.Tensor:
    """k-means centroids of the operating settings: one row per flight regime."""
    return torch.ops.turbofan.fit_regimes(settings, k, iters)
