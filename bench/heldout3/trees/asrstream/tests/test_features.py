import numpy as np
import pytest
import torch

from asrstream.features import prepare_features

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


@cuda
def test_silence_is_zeroed():
    pcm = np.zeros(5120, dtype=np.int16).tobytes()
    feats = prepare_features(pcm, "cuda")
    assert feats.shape[1] == 80
    assert torch.count_nonzero(feats) == 0


@cuda
def test_nonblocking_roundtrip_from_pinned():
    src = torch.randn(4, 5120, pin_memory=True)
    dst = src.to("cuda", non_blocking=True).cpu()
    assert torch.equal(src, dst)


def test_wer_helper():
    from asrstream.eval_loader import wer
    assert wer("a b c", "a b c") == 0.0
    assert wer("a b c", "a c") == pytest.approx(1 / 3)
