import functools

import torch


@functools.lru_cache(maxsize=8)
def hann(n_fft):
    return torch.hann_window(n_fft).pin_memory()


def istft_overlap_add(frames, hop, length):
    """Overlap-add real frames (n_frames, n_fft) on the host for the streaming writer."""
    n_frames, n_fft = frames.shape
    out = torch.zeros(length + n_fft, dtype=torch.float32, pin_memory=True)
    win = hann(n_fft)
    host = frames.cpu()
    for i in range(n_frames):
        out[i * hop: i * hop + n_fft] += host[i] * win
    return out[:length]
