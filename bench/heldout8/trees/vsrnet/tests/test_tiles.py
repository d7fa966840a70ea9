import torch

from vsr.tiles import tile_plan


def test_tile_plan_cached():
    a = tile_plan(720, 1280)
    b = tile_plan(720, 1280)
    assert a[2] is b[2]
    assert a[2].is_pinned()
    lrs = torch.rand(1, 3, 3, 16, 16).pin_memory()
    assert lrs.is_pinned()
