"""Python face of the custom ops in csrc/stft_ops.cpp."""
from __future__ import annotations

import torch

from . import _C  # noqa: F401  (registers torch.ops.speechenh)


def stft_frames(audio: torch.Tensor, n_fft: int, hop: int) -> torch.Tensor:
    """Frame + window a CPU chunk on the host and return its rFFT on the GPU."""
    return torch.ops.speechenh.stft_frames(audio, n_fft, hop)


def overlap_add(frames: torch.Tensor, hop: int, length: int) -> torch.Tensor:
    """Overlap-add time-domain frames on the GPU, return `length` samples on the CPU."""
    return torch.ops.speechenh.overlap_add(frames, hop, length)


def window_table(n_fft: int) -> torch.Tensor:
    return torch.ops.speechenh.window_table(n_fft)
