import pytest
import torch

from grasp_ros.candidates import rank_candidates


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_single_peak_is_found():
    q = torch.zeros(64, 64, device="cuda")
    q[20, 30] = 0.9
    angle = torch.full_like(q, 0.25)
    width = torch.full_like(q, 40.0)
    expected = torch.tensor([20.0, 30.0, 0.25, 40.0]).pin_memory()
    out = rank_candidates(q, angle, width, k=1)
    assert len(out) == 1
    assert torch.allclose(out[0], expected)
