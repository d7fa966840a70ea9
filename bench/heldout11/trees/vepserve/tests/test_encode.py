import pytest
import torch


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA for pinned memory")
def test_alt_indices_roundtrip():
    t = torch.tensor([0, 3, 2], dtype=torch.uint8).pin_memory()
    assert t.is_pinned()
    assert t.cuda(non_blocking=True).cpu().tolist() == [0, 3, 2]
