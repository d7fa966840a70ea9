from __future__ import annotations

import numpy as np
import torch

from . import _asr


class FbankFrontend:
    """Log-mel filterbank features, computed by the C++ extension."""

    def __init__(self, cfg):
        self.num_bins = cfg.num_bins
        self.frame_shift = cfg.frame_shift
        self.win_length = cfg.win_length

    def compute(self, pcm: np.ndarray, carry: torch.Tensor) -> torch.Tensor:
        wav = torch.from_numpy(pcm.astype(np.float32) / 32768.0)
        feats = _asr.fbank(wav, carry, self.num_bins, self.frame_shift)
        tail = wav[-self.win_length:]
        carry[-tail.numel():].copy_(tail)
        return feats
