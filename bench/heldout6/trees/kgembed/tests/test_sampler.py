import torch

import kge  # noqa: F401


def test_negatives_keep_relation():
    pos = torch.tensor([[0, 1, 2], [3, 0, 4]])
    neg = torch.ops.kge.sample_negatives(pos, 10, 5, 0)
    assert neg.shape == (10, 3)
    assert (neg[:5, 1] == 1).all()


def test_pinned_staging():
    h = torch.zeros((4, 8), pin_memory=True)
    assert h.is_pinned()
