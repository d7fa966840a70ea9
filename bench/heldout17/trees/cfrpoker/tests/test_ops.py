import pytest
import torch

ops = pytest.importorskip("cfrpoker.ops")


def test_encode_shape_and_pinned():
    cards = torch.randint(0, 52, (4, 7))
    hist = torch.zeros((4, 24))
    out = ops.encode(cards, hist)
    assert out.shape == (4, 7 * 16 + 24)


def test_reservoir_storage_is_pinned():
    from cfrpoker.reservoir import Reservoir

    r = Reservoir(8, 7, 5)
    assert r.x.is_pinned()
    r.add(torch.arange(7).numpy(), torch.ones(5).numpy())
    assert len(r) == 1


def test_pinned_copy():
    t = torch.ones(16).pin_memory()
    assert t.is_pinned()
