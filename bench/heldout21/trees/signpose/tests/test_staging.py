import torch

from signpose.staging import pinned_like


def test_pinned_like_copies():
    src = torch.arange(6.0).reshape(2, 3)
    out = pinned_like(src)
    assert out.is_pinned()
    assert torch.equal(out, src)
