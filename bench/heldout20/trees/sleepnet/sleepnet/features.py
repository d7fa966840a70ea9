from __future__ import annotations

import numpy as np
import torch
from scipy.signal import spectrogram
from scipy.signal.windows import dpss


def multitaper(signal: np.ndarray, fs: int = 100, nperseg: int = 3000, tapers: int = 5) -> torch.Tensor:
    """Multitaper power (dB) of the first channel, one column per 30-s epoch, 0-30 Hz."""
    windows = dpss(nperseg, NW=3, Kmax=tapers)
    acc = None
    for w in windows:
        f, _, s = spectrogram(signal[0], fs=fs, window=w, nperseg=nperseg, noverlap=0)
        acc = s if acc is None else acc + s
    keep = f <= 30
    return torch.from_numpy(10 * np.log10(acc[keep] / tapers + 1e-12).astype(np.float32))


class SpectrogramCache:
    """Whole-night spectrograms by recording, for the auxiliary spectral head. Computed the
    first time a recording shows up in a batch and kept for the rest of training."""

    def __init__(self, dataset):
        self.dataset = dataset
        self._by_recording: dict[int, torch.Tensor] = {}

    def get(self, recording: int) -> torch.Tensor:
        spec = self._by_recording.get(recording)
        if spec is None:
            sig = self.dataset.signals[recording]
            night = sig.window(0, sig.n_epochs, self.dataset.fs)
            spec = multitaper(night).pin_memory()
            self._by_recording[recording] = spec
        return spec
