import torch

from signrec.collate import PadCollate


def test_padding():
    a = (torch.ones(5, 67, 3).pin_memory(), torch.tensor([1, 2]))
    b = (torch.ones(3, 67, 3), torch.tensor([3]))
    x, lens, labels, label_lens = PadCollate()([a, b])
    assert x.shape == (2, 5, 67, 3) and x[1, 4].abs().sum() == 0
