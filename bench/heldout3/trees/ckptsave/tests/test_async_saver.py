import pytest
import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_arena_views_do_not_overlap():
    from ckptsave.staging import StagingArena

    arena = StagingArena(4096)
    a = arena.view_for(torch.empty(100, dtype=torch.float32))
    b = arena.view_for(torch.empty(100, dtype=torch.float32))
    assert a.data_ptr() + 400 <= b.data_ptr()


def test_roundtrip(tmp_path):
    from ckptsave import AsyncCheckpointer, load_for_resume

    model = torch.nn.Linear(8, 8).cuda()
    opt = torch.optim.Adam(model.parameters())
    model(torch.randn(2, 8, device="cuda")).sum().backward()
    opt.step()
    saver = AsyncCheckpointer(str(tmp_path))
    saver.save(7, model, opt)
    saver.wait()
    fresh = torch.nn.Linear(8, 8).cuda()
    assert load_for_resume(str(tmp_path), fresh) == 8
    assert torch.equal(fresh.weight, model.weight)


def test_pinned_source_copy():
    t = torch.arange(16, dtype=torch.float32, pin_memory=True)
    assert t.is_pinned()
