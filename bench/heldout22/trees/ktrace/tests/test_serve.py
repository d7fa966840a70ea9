import torch

from ktrace.serve import _encode


def test_encode_keeps_the_last_interactions():
    if not torch.cuda.is_available():
        return
    hist = [{"question": i, "skill": i % 3, "correct": i % 2 == 0, "elapsed_ms": 1000 + i} for i in range(10)]
    x = _encode(hist, max_len=4)
    assert x.is_pinned()
    assert x[:, 0].tolist() == [6, 7, 8, 9]
