import torch

from .config import AudioConfig


class MelBufferCache:
    """Pinned staging buffers for uploading precomputed mels, one per (frames, mels) shape."""

    def __init__(self):
        self._bufs = {}

    def get(self, frames, n_mels):
        key = (frames, n_mels)
        buf = self._bufs.get(key)
        if buf is None:
            buf = torch.empty(key, dtype=torch.float32, pin_memory=True)
            self._bufs[key] = buf
        return buf

    def clear(self):
        self._bufs.clear()


def mel_filterbank(cfg: AudioConfig):
    import librosa
    fb = librosa.filters.mel(sr=cfg.sample_rate, n_fft=cfg.n_fft, n_mels=cfg.n_mels, fmin=cfg.fmin, fmax=cfg.fmax)
    return torch.from_numpy(fb)


def spectrogram(wav, cfg: AudioConfig, window):
    spec = torch.stft(wav, cfg.n_fft, cfg.hop_length, cfg.win_length, window=window, return_complex=True)
    return spec.abs()
