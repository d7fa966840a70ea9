import numpy as np
import pytest
import torch

from framedec.writer import TensorWriter

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_ring_reallocates_on_resolution_change():
    w = TensorWriter(4, 6, ring=2)
    w.write(np.zeros((4, 6, 3), np.uint8))
    w.write(np.zeros((8, 6, 3), np.uint8))
    assert tuple(w.ring.shape) == (2, 8, 6, 3)


def test_copy_from_pinned_matches():
    src = torch.randint(0, 255, (2, 4, 6, 3), dtype=torch.uint8).pin_memory()
    assert torch.equal(src.cuda().cpu(), src)
