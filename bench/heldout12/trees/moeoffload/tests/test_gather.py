import torch

from moe import ops


def test_offsets_are_prefix_sums():
    idx = torch.tensor([[0, 3], [3, 1], [0, 0]]).pin_memory()
    off = ops.expert_offsets(idx, 4)
    assert off.tolist() == [0, 3, 4, 4, 6]
    assert off.is_pinned()
