import pytest
import torch

from medseg.inference.sliding_window import _starts, sliding_window_inference


def test_starts_cover():
    s = _starts(100, 40, 0.5)
    assert s[0] == 0 and s[-1] == 60


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA")
def test_identity_predictor():
    vol = torch.rand(1, 1, 32, 32, 32, device="cuda")
    out = torch.zeros(1, 1, 32, 32, 32).pin_memory()
    res = sliding_window_inference(vol, (16, 16, 16), lambda w: w, 0.5, None, out)
    assert torch.allclose(res, vol.cpu(), atol=1e-5)
