import pytest
import torch

from nnuetrain.fen_data import MAX_ACTIVE, collate_fen, encode

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")


def test_start_position_has_32_features():
    w, b, us = encode("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert len(w) == len(b) == 32 and us == 1.0


@cuda
def test_collate_shapes():
    batch = collate_fen([encode("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1") + (150.0,)] * 4)
    assert batch["packed"].shape == (4, 2 * MAX_ACTIVE + 2)


@cuda
def test_pinned_upload():
    x = torch.arange(MAX_ACTIVE, dtype=torch.int32, pin_memory=True)
    assert x.to("cuda", non_blocking=True).sum().item() == sum(range(MAX_ACTIVE))
