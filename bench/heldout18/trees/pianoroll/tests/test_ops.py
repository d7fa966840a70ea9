import torch

from pianoroll import ops


def test_decode_single_onset():
    probs = torch.zeros(1, 4, 88, device="cuda")
    probs[0, 2, 39] = 0.9
    notes = ops.decode_onsets(probs, 0.5)
    assert notes.is_pinned()
    assert notes.tolist() == [[0, 39, 2, 60]]


def test_staged_pins():
    from pianoroll.utils import staged
    f = staged(lambda: (torch.ones(3),))
    assert f()[0].is_pinned()
    x = torch.ones(3).pin_memory()
    assert x.is_pinned()
