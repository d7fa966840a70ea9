from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import soundfile as sf
import torch
from torch.utils.data import Dataset

from . import augment


class NoisyMixtures(Dataset):
    """On-the-fly (noisy, clean) pairs: DNS-style mixing with optional reverberation."""

    def __init__(self, root: str | Path, segment: int = 64000, reverb_prob: float = 0.4,
                 snr_range=(-5.0, 20.0), device: str = "cuda"):
        root = Path(root)
        self.clean = sorted((root / "clean").rglob("*.wav"))
        self.noise = sorted((root / "noise").rglob("*.wav"))
        self.rirs = sorted((root / "rir").rglob("*.wav"))
        self.segment = segment
        self.reverb_prob = reverb_prob
        self.snr_range = snr_range
        self.device = device
        self.rng = random.Random(0)

    def reshuffle(self, epoch: int) -> None:
        self.rng = random.Random(epoch)

    def __len__(self) -> int:
        return len(self.clean)

    def _crop(self, path: Path) -> np.ndarray:
        x, _ = sf.read(path, dtype="float32")
        if len(x) <= self.segment:
            return np.pad(x, (0, self.segment - len(x)))
        start = self.rng.randrange(len(x) - self.segment)
        return x[start: start + self.segment]

    def __getitem__(self, idx: int):
        clean = self._crop(self.clean[idx])
        noise = self._crop(self.rng.choice(self.noise))
        if self.rirs and self.rng.random() < self.reverb_prob:
            rir, _ = sf.read(self.rng.choice(self.rirs), dtype="float32")
            clean = augment.reverberate(clean, rir, self.device)
        mix = augment.mix_at_snr(clean, noise, self.rng.uniform(*self.snr_range))
        return torch.from_numpy(mix.astype(np.float32)), torch.from_numpy(clean.astype(np.float32))
