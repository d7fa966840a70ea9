import torch

from battp2d import _p2d


def test_voltage_decreases():
    s = _p2d.P2DSolver(8, 4, 100)
    v = torch.tensor(s.simulate(_p2d.Params(1e-14, 1e-14, 1e-11, 1e-11, 0.3, 0.0), 1.0)).pin_memory()
    assert v[0] > v[-1]
