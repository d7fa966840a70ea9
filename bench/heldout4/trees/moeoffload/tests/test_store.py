import pytest
import torch

from moeoffload.pinned import PinnedArena, alloc_pinned

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_arena_grows_only():
    arena = PinnedArena()
    a = arena.reserve(128)
    b = arena.reserve(64)
    assert a.data_ptr() == b.data_ptr()


def test_alloc_is_pinned():
    for n in (1, 7, 4096):
        t = alloc_pinned((n,), torch.float32)
        assert t.is_pinned()
