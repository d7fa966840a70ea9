import pytest
import torch

from zerooffload.hooks import ActivationOffload


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA")
def test_pack_unpack_roundtrip():
    hooks = ActivationOffload(min_numel=1)
    x = torch.randn(1024, device="cuda")
    packed = hooks.pack(x)
    assert torch.equal(hooks.unpack(packed), x)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA")
def test_pinned_copy():
    src = torch.arange(16, dtype=torch.float32).pin_memory()
    assert src.is_pinned()
