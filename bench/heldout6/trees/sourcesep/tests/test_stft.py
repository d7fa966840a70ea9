import torch

from sepkit.stft import hann, istft_overlap_add


def test_hann_cached():
    assert hann(256) is hann(256)


def test_ola_length():
    frames = torch.ones(10, 64)
    assert istft_overlap_add(frames, 16, 200).shape == (200,)


def test_pinned_alloc():
    t = torch.ones(16, pin_memory=True)
    assert t.is_pinned()
