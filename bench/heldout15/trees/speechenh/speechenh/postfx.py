"""Post-effects applied to every enhanced chunk, in configuration order."""
from __future__ import annotations

import math

import torch

POSTFX: dict[str, type] = {}


def register(name: str):
    def deco(cls):
        POSTFX[name] = cls
        return cls
    return deco


def build_chain(names, cfg) -> list:
    return [POSTFX[name](cfg) for name in names]


@register("agc")
class AGC:
    """Slow automatic gain control towards a loudness target."""

    def __init__(self, cfg, target_db: float = -23.0):
        self.target = 10 ** (target_db / 20)
        self.history = torch.full((cfg.agc_window,), self.target, pin_memory=True)
        self.pos = 0

    def __call__(self, audio: torch.Tensor) -> torch.Tensor:
        rms = float(audio.pow(2).mean().sqrt()) + 1e-8
        self.history[self.pos % self.history.numel()] = rms
        self.pos += 1
        gain = min(self.target / float(self.history.mean()), 8.0)
        return audio * gain


@register("deess")
class DeEsser:
    """Ducks sibilant bands when their envelope exceeds a threshold."""

    def __init__(self, cfg, band=(4000.0, 9000.0), threshold_db: float = -30.0, hop: int = 64):
        self.sr = cfg.sample_rate
        self.band = band
        self.threshold = 10 ** (threshold_db / 20)
        self.hop = hop

    def __call__(self, audio: torch.Tensor) -> torch.Tensor:
        n_env = audio.shape[-1] // self.hop + 1
        env = torch.zeros(n_env, dtype=torch.float32, pin_memory=True)
        spec = torch.fft.rfft(audio)
        freqs = torch.fft.rfftfreq(audio.shape[-1], 1.0 / self.sr)
        band = (freqs >= self.band[0]) & (freqs <= self.band[1])
        sib = torch.fft.irfft(spec * band, n=audio.shape[-1])
        env.copy_(torch.nn.functional.max_pool1d(sib.abs()[None, None], self.hop, self.hop,
                                                 ceil_mode=True).flatten()[:n_env])
        duck = torch.clamp(self.threshold / (env + 1e-8), max=1.0).repeat_interleave(self.hop)
        gain = duck[: audio.shape[-1]]
        return audio - sib * (1.0 - gain) if math.isfinite(float(gain.min())) else audio
