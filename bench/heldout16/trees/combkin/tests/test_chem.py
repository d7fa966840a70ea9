import numpy as np
import pytest
import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a ROCm GPU")


def test_closure_shapes(tmp_path):
    from combkin.closure import ClosureNet, NeuralClosure

    torch.save(ClosureNet(11, 9).state_dict(), tmp_path / "c.pt")
    nc = NeuralClosure(str(tmp_path / "c.pt"), 9)
    T = np.full((4, 2, 2), 1200.0)
    out = nc(T, np.full_like(T, 1e5), np.full(T.shape + (9,), 0.1))
    assert out.shape == T.shape + (9,)


def test_pinned_roundtrip():
    host = torch.zeros(1024, dtype=torch.float64, pin_memory=True)
    dev = torch.arange(1024, dtype=torch.float64, device="cuda")
    host.copy_(dev)
    assert host[-1].item() == 1023.0
