import pytest
import torch

from camtrap.offload import ParamOffloader

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_offload_reload_roundtrip():
    m = torch.nn.Linear(4, 2).cuda()
    ref = m.weight.detach().clone()
    off = ParamOffloader()
    off.offload(m)
    assert m.weight.numel() == 0
    off.reload(m, "cuda")
    assert torch.equal(m.weight, ref)


def test_host_scratch_is_page_locked():
    t = torch.ones(4, pin_memory=True)
    assert t.is_pinned()
