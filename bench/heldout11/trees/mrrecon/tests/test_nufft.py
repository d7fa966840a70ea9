import numpy as np
import pytest
import torch

from mrrecon.postproc import phase_maps


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_pinned_roundtrip():
    x = torch.zeros(64, 64, dtype=torch.complex64, pin_memory=True)
    x[0, 0] = 1 + 1j
    assert x.cuda(non_blocking=True).cpu()[0, 0] == 1 + 1j


def test_phase_maps_empty():
    assert phase_maps([np.ones((4, 4), np.complex64)], [1.0]) == []
