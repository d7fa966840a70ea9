"""Chunk -> normalised log-mel features."""

import numpy as np
import torch

from . import _fbank


def prepare_features(pcm_bytes, device):
    """Decode one PCM16 chunk and compute its filterbank on the GPU."""
    pcm = np.frombuffer(pcm_bytes, dtype=np.int16)
    wav = torch.from_numpy(pcm.astype(np.float32) * (1.0 / 32768.0)).pin_memory()
    wav_gpu = wav.to(device, non_blocking=True)
    feats, voiced = _fbank.compute_fbank(wav_gpu, 80)
    if not voiced:
        feats.zero_()
    return feats


class FeatureNormalizer(torch.nn.Module):
    """Global CMVN. Stats are loaded once and kept on the GPU."""

    def __init__(self, cmvn_path, device):
        super().__init__()
        stats = torch.load(cmvn_path, map_location="cpu")
        mean = stats["mean"].float().pin_memory()
        istd = stats["istd"].float()
        self.register_buffer("mean", mean.to(device, non_blocking=True))
        self.register_buffer("istd", istd.to(device))

    def forward(self, feats):
        return (feats - self.mean) * self.istd
