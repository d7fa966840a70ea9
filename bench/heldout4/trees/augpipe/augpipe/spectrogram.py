import cupy as cp
import numpy as np
from numba import cuda

from .stage_base import Stage


def mel_filterbank(n_fft, n_mels, sr):
    fmax = sr / 2
    mels = np.linspace(0, 2595 * np.log10(1 + fmax / 700), n_mels + 2)
    hz = 700 * (10 ** (mels / 2595) - 1)
    bins = np.floor((n_fft + 1) * hz / sr).astype(int)
    fb = np.zeros((n_mels, n_fft // 2 + 1), dtype=np.float32)
    for m in range(1, n_mels + 1):
        lo, c, hi = bins[m - 1], bins[m], bins[m + 1]
        fb[m - 1, lo:c] = (np.arange(lo, c) - lo) / max(c - lo, 1)
        fb[m - 1, c:hi] = (hi - np.arange(c, hi)) / max(hi - c, 1)
    return fb


class SpectrogramStage(Stage):
    """Log-mel features; scratch is dropped after every batch because clip lengths vary wildly."""

    name = "spectrogram"

    def __init__(self, n_fft=512, hop=160, n_mels=80, sr=16000):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        basis = mel_filterbank(n_fft, n_mels, sr)
        with cuda.pinned(basis):
            self.d_basis = cuda.to_device(basis)
        self.basis = cp.asarray(self.d_basis)

    def process(self, batch):
        x = cp.asarray(batch.resampled)
        frames = 1 + (x.shape[0] - self.n_fft) // self.hop
        idx = cp.arange(self.n_fft)[None, :] + self.hop * cp.arange(frames)[:, None]
        spec = cp.abs(cp.fft.rfft(x[idx] * cp.hanning(self.n_fft), axis=-1)) ** 2
        mel = cp.log(spec @ self.basis.T + 1e-6).astype(cp.float32)
        host = self._ensure_scratch(mel.nbytes).view(np.float32).reshape(mel.shape)
        mel.get(out=host)
        batch.features = host
        return batch

    def reset(self):
        self._scratch = None
