import numpy as np
import pytest
import torch

from icesheet.regularize import Smoothness

needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


@needs_cuda
def test_constant_field_is_unchanged():
    s = Smoothness(16, 0.1)
    g = np.ones(16)
    np.testing.assert_allclose(s(g), g)


@needs_cuda
def test_pinned_roundtrip():
    t = torch.arange(8, dtype=torch.float64).pin_memory()
    assert t.is_pinned()
    assert t.sum().item() == 28
