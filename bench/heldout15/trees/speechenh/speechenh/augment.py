from __future__ import annotations

import numpy as np
import torch
import torchaudio


def mix_at_snr(clean: np.ndarray, noise: np.ndarray, snr_db: float) -> np.ndarray:
    if len(noise) < len(clean):
        noise = np.tile(noise, int(np.ceil(len(clean) / len(noise))))
    noise = noise[: len(clean)]
    p_c = np.mean(clean**2) + 1e-10
    p_n = np.mean(noise**2) + 1e-10
    return clean + noise * np.sqrt(p_c / (p_n * 10 ** (snr_db / 10)))


def reverberate(signal: np.ndarray, rir: np.ndarray, device: str = "cuda") -> np.ndarray:
    """Convolve with a room impulse response on the GPU (RIRs are long: 0.5-1.5 s)."""
    h = torch.from_numpy(rir.astype(np.float32)).pin_memory()
    h = h.to(device, non_blocking=True)
    x = torch.from_numpy(signal.astype(np.float32)).to(device)
    y = torchaudio.functional.fftconvolve(x, h)[: len(signal)]
    return y.cpu().numpy()
