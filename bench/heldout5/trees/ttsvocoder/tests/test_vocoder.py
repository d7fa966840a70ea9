import pytest
import torch

from ttsvocoder.mel import MelBufferCache
from ttsvocoder.model import Vocoder


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA")
def test_synthesize_len():
    v = Vocoder().cuda().eval()
    mel = torch.randn(1, 80, 10, device="cuda")
    out = v.synthesize(mel)
    assert len(out) == 2 * 10 * v.hop


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA")
def test_mel_cache_reuses():
    c = MelBufferCache()
    a = c.get(10, 80)
    assert c.get(10, 80) is a
    ref = torch.ones(10, 80, pin_memory=True)
    a.copy_(ref)
    assert a.is_pinned()
