import pytest
import torch

import retrosynth  # noqa: F401
from retrosynth.data import collate_reactions
from retrosynth.templates import template_mask

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="pinning needs CUDA")


@cuda
def test_collate_layout():
    items = [(torch.tensor([3, 9, 11]), 4, 1), (torch.tensor([2]), 7, 2)]
    packed, n, arity, targets = collate_reactions(items)
    assert n == 2
    assert packed.is_pinned()
    assert packed[:2].tolist() == [0, 3]
    assert packed[2:].tolist() == [3, 9, 11, 2]
    assert targets.tolist() == [4, 7]
    assert arity.tolist() == [1, 2]


@cuda
def test_pack_templates_covers_library():
    ranges = torch.ops.retro.pack_templates(torch.tensor([1, 2, 3]), 1000)
    assert ranges[0, 0] == 0
    assert ranges[-1, 1] == 1000
    assert bool((ranges[1:, 0] == ranges[:-1, 1]).all())


@cuda
def test_mask_is_cached():
    assert template_mask(500) is template_mask(500)


@cuda
def test_nonblocking_roundtrip():
    x = torch.arange(4096).pin_memory()
    y = x.to("cuda", non_blocking=True).cpu()
    assert torch.equal(x, y)
