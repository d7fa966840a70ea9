"""Log-magnitude spectrograms on the GPU (CuPy)."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np
import soundfile as sf

N_FFT = 2048
HOP = 512

_WINDOW = cupyx.empty_pinned((N_FFT,), dtype=np.float32)
_WINDOW[:] = np.hanning(N_FFT).astype(np.float32)
_WINDOW_DEV = cp.asarray(_WINDOW)


def load_audio(path: str, sr: int) -> np.ndarray:
    audio, file_sr = sf.read(path, dtype="float32", always_2d=True)
    audio = audio.mean(axis=1)
    if file_sr != sr:
        idx = np.arange(0, len(audio), file_sr / sr)
        audio = np.interp(idx, np.arange(len(audio)), audio).astype(np.float32)
    return audio


def _pinned_copy(arr: np.ndarray) -> np.ndarray:
    mem = cp.cuda.alloc_pinned_memory(arr.nbytes)
    out = np.frombuffer(mem, arr.dtype, arr.size).reshape(arr.shape)
    out[...] = arr
    return out


def prepare(clip: np.ndarray) -> cp.ndarray:
    """Upload one query clip asynchronously on the current stream."""
    host = _pinned_copy(np.ascontiguousarray(clip, dtype=np.float32))
    dev = cp.empty(host.shape, dtype=host.dtype)
    dev.set(host, stream=cp.cuda.get_current_stream())
    return dev


def spectrogram(audio: cp.ndarray) -> cp.ndarray:
    n = 1 + (audio.shape[0] - N_FFT) // HOP
    if n <= 0:
        return cp.zeros((0, N_FFT // 2 + 1), dtype=cp.float32)
    idx = cp.arange(N_FFT)[None, :] + HOP * cp.arange(n)[:, None]
    frames = audio[idx] * _WINDOW_DEV
    mag = cp.abs(cp.fft.rfft(frames, axis=1))
    return (20.0 * cp.log10(mag + 1e-6)).astype(cp.float32)


def chunk_frames(spec: np.ndarray, hop_frames: int) -> np.ndarray:
    n = spec.shape[0] // hop_frames
    return np.ascontiguousarray(spec[: n * hop_frames].reshape(n, hop_frames, spec.shape[1]))
