import numpy as np
import torch

from cryoet_n2n.collate import PairCollate


def test_collate_splits_halves():
    items = [torch.randn(2, 8, 8, 8).pin_memory() for _ in range(3)]
    even, odd = PairCollate()(items)
    assert even.shape == (3, 1, 8, 8, 8) and odd.shape == even.shape
